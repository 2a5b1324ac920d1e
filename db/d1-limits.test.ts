import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import {
  aJob,
  aProgram,
  db,
  makeJobApplication,
  makeStaff,
  makeStudent,
} from '#functions/test/fixtures/index.ts';
import { chunks, D1_MAX_PARAMS, insertInChunks, readInChunks, rowsPerInsert } from './d1-limits.ts';
import type { BatchItem } from 'drizzle-orm/batch';
import { keysWithRows } from './queries/files.ts';
import { alertOwners } from './queries/job-alerts.ts';
import { takeHeldApplications } from './queries/applicants.ts';
import { collectPersonalData, findPerson, historyOf } from './queries/personal-data.ts';
import { replaceRecoveryCodes, staffWithMfa } from './queries/staff-mfa.ts';
import { comparePrograms } from './queries/costs.ts';

// D1 binds at most 100 parameters a statement. Each test hands a list well past
// that to one of the reads or writes that turn a list into parameters, and checks every item came
// through: without the chunking each fails with "too many SQL variables".

/** More values than one statement may bind. */
const MANY = 150;
const uid = () => crypto.randomUUID();
/** Runs statements as one D1 batch (one transaction). */
const batch = (_: typeof db, statements: BatchItem<'sqlite'>[]) =>
  db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);

describe('D1 limits: the helpers', () => {
  it('splits lists into chunks and sizes inserts by the table’s columns', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 3)).toEqual([]);
    expect(() => chunks([1], 0)).toThrow(RangeError);
    // scholarships: id, university, name, amount, eligibility, deadline and the two timestamps.
    expect(rowsPerInsert(t.scholarships)).toBe(12);
    expect(rowsPerInsert(t.scholarships) * 8).toBeLessThanOrEqual(D1_MAX_PARAMS);
  });

  it('the database refuses one statement with more than 100 parameters (what the chunking avoids)', async () => {
    const ids = Array.from({ length: MANY }, uid);
    await expect(db.select().from(t.staffMfa).where(eqAny(ids))).rejects.toThrow();
    expect(await readInChunks(ids, (chunk) => db.select().from(t.staffMfa).where(eqAny(chunk)))).toEqual([]);
  });
});

/** `staff_id in (…)` over the ids, as one statement. */
const eqAny = (ids: string[]) => inArray(t.staffMfa.staffId, ids);

describe('D1 limits: every chunked list', () => {
  it('multi-row insert: 150 recovery codes are stored by one batch of chunked inserts', async () => {
    const staff = await makeStaff('editor', {}, { mfa: false });
    const hashes = Array.from({ length: MANY }, (_, i) => `hash-${i}-${uid()}`);
    await replaceRecoveryCodes(db, staff.id, hashes);
    const rows = await db
      .select({ h: t.staffRecoveryCodes.codeHash })
      .from(t.staffRecoveryCodes)
      .where(eq(t.staffRecoveryCodes.staffId, staff.id));
    expect(rows.map((r) => r.h).sort()).toEqual([...hashes].sort());
  });

  it('multi-row insert: insertInChunks writes all rows in one transaction (a failing chunk writes none)', async () => {
    const staff = await makeStaff('editor', {}, { mfa: false });
    const rows = Array.from({ length: MANY }, (_, i) => ({
      id: uid(),
      staffId: staff.id,
      codeHash: `h-${i}`,
    }));
    // The last row repeats a (staff, code) pair: the unique index refuses it, and the batch rolls back.
    const statements = insertInChunks(db, t.staffRecoveryCodes, [...rows, { ...rows[0]!, id: uid() }]);
    expect(statements.length).toBeGreaterThan(1);
    await expect(batch(db, statements)).rejects.toThrow();
    const stored = () =>
      db.select().from(t.staffRecoveryCodes).where(eq(t.staffRecoveryCodes.staffId, staff.id));
    expect(await stored()).toHaveLength(0);
    await batch(db, insertInChunks(db, t.staffRecoveryCodes, rows));
    expect(await stored()).toHaveLength(MANY);
  });

  it('IN list: the staff list’s second-factor column over 150 staff', async () => {
    const ids: string[] = [];
    for (let i = 0; i < MANY; i++) ids.push(uid());
    await batch(
      db,
      insertInChunks(
        db,
        t.staff,
        ids.map((id, i) => ({
          id,
          name: `Bulk ${i}`,
          email: `bulk-${id}@example.com`,
          role: 'editor',
          passwordHash: 'x',
        })),
      ),
    );
    const withMfa = ids.filter((_, i) => i % 3 === 0);
    await batch(
      db,
      insertInChunks(
        db,
        t.staffMfa,
        withMfa.map((staffId) => ({ staffId, secret: 'S', confirmedAt: new Date() })),
      ),
    );
    expect([...(await staffWithMfa(db, ids))].sort()).toEqual([...withMfa].sort());
  });

  it('IN list: an applicant’s 150 held applications are all taken and named', async () => {
    const applicant = {
      id: uid(),
      fullName: 'Many Applications',
      phone: '07700900999',
      email: `many-${uid()}@example.com`,
      passwordHash: 'x',
    };
    await db.insert(t.jobApplicants).values(applicant);
    const job = await aJob();
    const jobIds = [job.id];
    // One application per job: the (job, applicant) pair is unique.
    for (let i = 1; i < MANY; i++) jobIds.push(`${job.id}-${i}`);
    const [jobRow] = await db.select().from(t.jobs).where(eq(t.jobs.id, job.id));
    await batch(
      db,
      insertInChunks(
        db,
        t.jobs,
        jobIds.slice(1).map((id) => ({ ...jobRow!, id })),
      ),
    );
    await batch(
      db,
      insertInChunks(
        db,
        t.jobApplications,
        jobIds.map((jobId) => ({
          id: uid(),
          jobId,
          applicantId: applicant.id,
          coverLetter: 'Hello',
          resumeKey: `cvs/${uid()}.pdf`,
          resumeName: 'cv.pdf',
          resumeType: 'application/pdf',
          resumeSize: 10,
        })),
      ),
    );
    const taken = await takeHeldApplications(db, applicant.id);
    expect(taken).toHaveLength(MANY);
    expect(taken.every((a) => a.title === job.title)).toBe(true);
  });

  it('IN list: the owners of 150 job alerts', async () => {
    const applicants = Array.from({ length: MANY }, (_, i) => ({
      id: uid(),
      fullName: `Alert Owner ${i}`,
      phone: '07700900998',
      email: `owner-${i}-${uid()}@example.com`,
      passwordHash: 'x',
    }));
    await batch(db, insertInChunks(db, t.jobApplicants, applicants));
    const owners = await alertOwners(
      db,
      applicants.map((a) => a.id),
    );
    expect(owners.size).toBe(MANY);
    expect(owners.get(applicants[120]!.id)?.fullName).toBe('Alert Owner 120');
  });

  it('IN list: the status history and names of a student’s 150 applications (the data export)', async () => {
    const student = await makeStudent();
    const program = await aProgram();
    const [programRow] = await db.select().from(t.subjects).where(eq(t.subjects.id, program.id));
    const programIds = Array.from({ length: MANY }, (_, i) => `${program.id}-${i}`);
    await batch(
      db,
      insertInChunks(
        db,
        t.subjects,
        programIds.map((id) => ({ ...programRow!, id })),
      ),
    );
    const applications = programIds.map((subjectId) => ({ id: uid(), userId: student.id, subjectId }));
    await batch(db, insertInChunks(db, t.programApplications, applications));
    await batch(
      db,
      insertInChunks(
        db,
        t.statusChanges,
        applications.map((a) => ({
          id: uid(),
          entity: 'subscription',
          entityId: a.id,
          fromStatus: 'submitted',
          toStatus: 'reviewing',
        })),
      ),
    );
    const history = await historyOf(
      db,
      'subscription',
      applications.map((a) => a.id),
    );
    expect(history.size).toBe(MANY);
    const exported = await collectPersonalData(db, (await findPerson(db, 'student', student.id))!);
    const items = Object.values(exported).find(
      (v): v is { program?: string; statusHistory?: unknown[] }[] => Array.isArray(v) && v.length === MANY,
    );
    expect(items, 'the export lists every application').toBeDefined();
    expect(items!.every((i) => i.program === program.name && i.statusHistory?.length === 1)).toBe(true);
  });

  it('IN list: which of 150 stored file keys still have a row', async () => {
    const application = await makeJobApplication();
    const keys = [...Array.from({ length: MANY }, () => `resumes/${uid()}.pdf`), application.resumeKey];
    expect([...(await keysWithRows(db, 'resumes/', keys))]).toEqual([application.resumeKey]);
  });

  it('IN list: comparing programs by id reads past one chunk', async () => {
    const a = await aProgram();
    const ids = [...Array.from({ length: MANY }, () => `nope-${uid()}`), a.id];
    const { items, unknown } = await comparePrograms(db, ids);
    expect(items.map((i) => i._id)).toEqual([a.id]);
    expect(unknown).toHaveLength(MANY);
  });
});
