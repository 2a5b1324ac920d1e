// The daily housekeeping in the scheduled handler — outbox
// retention (30 days; production bodies cleared) and R2 objects whose rows are gone — and the one
// log line of counts each run writes. Driven through runScheduled(CRONS[job], env, now) in workerd.
import { env } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '#db/client.ts';
import {
  documents,
  jobApplicants,
  jobApplications,
  outbox,
  publishEvents,
  scheduledState,
  teamMembers,
  users,
} from '#db/schema/index.ts';
import { aJob } from '../test/fixtures/index.ts';
import { countedBucket, countedD1 } from '../lib/call-budget.ts';
import { deleteOrphanedFiles, ORPHAN_GRACE_MS } from '../services/files/orphaned-files.ts';
import { CRONS, RunBudget, runScheduled } from './index.ts';

const db = createDb(env.DB);
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

afterEach(() => vi.restoreAllMocks());

describe('outbox retention', () => {
  it('deletes rows older than 30 days and keeps younger ones', async () => {
    const now = Date.now() + 400 * DAY; // well after every row other tests wrote
    const at = (age: number) => new Date(now - age);
    const rows = [
      { to: 'retention-old@example.com', createdAt: at(31 * DAY) },
      { to: 'retention-edge@example.com', createdAt: at(30 * DAY + 1_000) },
      { to: 'retention-young@example.com', createdAt: at(29 * DAY) },
    ];
    for (const r of rows) {
      await db.insert(outbox).values({
        id: crypto.randomUUID(),
        ...r,
        subject: 'Old news',
        status: 'sent',
        attempts: 1,
        updatedAt: r.createdAt,
      });
    }
    const results = await runScheduled(CRONS['outbox-retention'], env, new Date(now));
    expect((results['outbox-retention'] as { purged: number }).purged).toBeGreaterThanOrEqual(2);
    const left = await db
      .select({ to: outbox.to })
      .from(outbox)
      .where(
        inArray(
          outbox.to,
          rows.map((r) => r.to),
        ),
      );
    expect(left.map((r) => r.to)).toEqual(['retention-young@example.com']);
  });

  it('in production, clears any body still kept on a sent or dead message, and keeps the body of one waiting for a retry', async () => {
    const now = new Date();
    const base = {
      subject: 'Kept body',
      text: 'Personal text',
      html: '<p>Personal text</p>',
      headers: { 'List-Unsubscribe': '<https://example.com/u>' },
      attempts: 1,
      createdAt: now,
      updatedAt: now,
    };
    await db
      .insert(outbox)
      .values({ id: crypto.randomUUID(), to: 'sweep-sent@example.com', status: 'sent', ...base });
    await db
      .insert(outbox)
      .values({ id: crypto.randomUUID(), to: 'sweep-dead@example.com', status: 'dead', ...base });
    await db.insert(outbox).values({
      id: crypto.randomUUID(),
      to: 'sweep-failed@example.com',
      status: 'failed',
      nextAttemptAt: new Date(now.getTime() + HOUR),
      ...base,
    });
    // Tests, like development, keep bodies: the sweep does nothing there.
    expect((await runScheduled(CRONS['outbox-retention'], env, now))['outbox-retention']).toMatchObject({
      bodiesCleared: 0,
    });
    const results = await runScheduled(CRONS['outbox-retention'], { ...env, ENVIRONMENT: 'production' }, now);
    expect((results['outbox-retention'] as { bodiesCleared: number }).bodiesCleared).toBeGreaterThanOrEqual(
      2,
    );
    const body = async (to: string) =>
      (
        await db
          .select({ text: outbox.text, html: outbox.html, headers: outbox.headers })
          .from(outbox)
          .where(eq(outbox.to, to))
      )[0];
    expect(await body('sweep-sent@example.com')).toEqual({ text: null, html: null, headers: null });
    expect(await body('sweep-dead@example.com')).toEqual({ text: null, html: null, headers: null });
    expect((await body('sweep-failed@example.com'))?.text).toBe('Personal text');
  });
});

describe('orphaned R2 objects', () => {
  const uuid = () => crypto.randomUUID();
  const put = (key: string) => env.FILES.put(key, new Uint8Array([1, 2, 3]));
  const exists = async (key: string) => (await env.FILES.head(key)) !== null;

  async function student() {
    const id = uuid();
    await db.insert(users).values({
      id,
      fullName: 'Orphan Test',
      academicStatus: 'x',
      contactNumber: id,
      currentAddress: 'x',
      email: `${id}@example.com`,
      passwordHash: 'x',
      isVerified: true,
    });
    return id;
  }

  it('deletes objects whose rows are gone (documents, CVs, images) after 24 hours, keeps referenced and young ones, and never touches other prefixes', async () => {
    const userId = await student();
    const keptDoc = `documents/${userId}/${uuid()}.pdf`;
    const orphanDoc = `documents/${userId}/${uuid()}.pdf`;
    await Promise.all([put(keptDoc), put(orphanDoc)]);
    await db.insert(documents).values({
      id: uuid(),
      userId,
      documentType: 'Passport',
      objectKey: keptDoc,
      originalName: 'p.pdf',
      contentType: 'application/pdf',
      size: 3,
    });

    const applicantId = uuid();
    await db.insert(jobApplicants).values({
      id: applicantId,
      fullName: 'Orphan Applicant',
      email: `${applicantId}@example.com`,
      phone: '+447700900000',
      passwordHash: 'x',
    });
    const job = await aJob();
    const keptCv = `resumes/${job.id}/${uuid()}.pdf`;
    const orphanCv = `resumes/${job.id}/${uuid()}.pdf`;
    await Promise.all([put(keptCv), put(orphanCv)]);
    await db.insert(jobApplications).values({
      id: uuid(),
      jobId: job.id,
      applicantId,
      coverLetter: 'x',
      resumeKey: keptCv,
      resumeName: 'cv.pdf',
      resumeType: 'application/pdf',
      resumeSize: 3,
    });

    const keptImage = `images/${uuid()}.png`;
    const orphanImage = `images/${uuid()}.jpg`;
    await Promise.all([put(keptImage), put(orphanImage)]);
    // Content shows an image by its URL, inside any text column (here a team member's photo).
    await db.insert(teamMembers).values({
      id: uuid(),
      name: 'Photo Person',
      position: 'Adviser',
      image: `/api/files/${keptImage}`,
      bio: 'x',
    });
    // The live pages were built after that content change.
    await db
      .insert(publishEvents)
      .values({ id: uuid(), kind: 'built', createdAt: new Date(Date.now() + 1_000), updatedAt: new Date() });

    const foreign = `backups/${uuid()}.bin`;
    await put(foreign);

    // An hour later nothing is old enough: an upload in flight is never deleted.
    const early = await runScheduled(CRONS['orphaned-files'], env, new Date(Date.now() + HOUR));
    expect(early['orphaned-files']).toMatchObject({ deleted: 0 });
    expect(await exists(orphanDoc)).toBe(true);

    const log = vi.spyOn(console, 'log');
    const results = await runScheduled(
      CRONS['orphaned-files'],
      env,
      new Date(Date.now() + ORPHAN_GRACE_MS + HOUR),
    );
    expect(results['orphaned-files']).toMatchObject({ deleted: 3, deferred: 0 });
    expect(await Promise.all([orphanDoc, orphanCv, orphanImage].map(exists))).toEqual([false, false, false]);
    expect(await Promise.all([keptDoc, keptCv, keptImage, foreign].map(exists))).toEqual([
      true,
      true,
      true,
      true,
    ]);

    // One log line for the run, with the job's counts and the calls it made.
    const lines = log.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('{"type":"scheduled"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      type: 'scheduled',
      cron: CRONS['orphaned-files'],
      results: { 'orphaned-files': { deleted: 3 } },
      calls: { queries: expect.any(Number), subrequests: expect.any(Number) },
    });
  });

  it('keeps unreferenced images while the live pages were built before the last content change', async () => {
    const image = `images/${uuid()}.png`;
    await put(image);
    await db.insert(teamMembers).values({
      id: uuid(),
      name: 'Fresh Edit',
      position: 'Adviser',
      image: '/images/team/placeholder.png',
      bio: 'edited after the last build',
      updatedAt: new Date(Date.now() + 2 * DAY),
    });
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + HOUR);
    expect((await runScheduled(CRONS['orphaned-files'], env, later))['orphaned-files']).toMatchObject({
      deferred: 1,
      deleted: 0,
    });
    expect(await exists(image)).toBe(true);
    // Publish (a build newer than the edit): the image goes on the next run.
    await db.insert(publishEvents).values({
      id: uuid(),
      kind: 'built',
      createdAt: new Date(Date.now() + 3 * DAY),
      updatedAt: new Date(),
    });
    expect((await runScheduled(CRONS['orphaned-files'], env, later))['orphaned-files']).toMatchObject({
      deferred: 0,
      deleted: 1,
    });
    expect(await exists(image)).toBe(false);
  });

  it('pages through R2 list with its cursor', async () => {
    const userId = await student();
    const keys = Array.from({ length: 7 }, () => `documents/${userId}/${uuid()}.pdf`);
    await Promise.all(keys.map(put));
    const counts = await deleteOrphanedFiles(db, env.FILES, new Date(Date.now() + ORPHAN_GRACE_MS + HOUR), {
      pageSize: 2,
    });
    expect(counts.deleted).toBeGreaterThanOrEqual(7);
    expect(await Promise.all(keys.map(exists))).toEqual(keys.map(() => false));
  });
  it('a bucket larger than one run affords: the run sweeps what its budget allows, records where it stopped, and the next run resumes there', async () => {
    const userId = await student();
    const job = await aJob();
    const orphanDoc = `documents/${userId}/${uuid()}.pdf`;
    const orphanCv = `resumes/${job.id}/${uuid()}.pdf`;
    await Promise.all([put(orphanDoc), put(orphanCv)]);
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + HOUR);
    // Reading the position (1) and one page of 1,000 keys (12 statements, 1 kept back): documents/ only.
    const budget = new RunBudget({ queries: 14, subrequests: 10 });
    const first = await runScheduled(CRONS['orphaned-files'], env, later, budget);
    expect(budget.used.queries).toBeLessThanOrEqual(14);
    expect(first['orphaned-files']).toMatchObject({ unfinished: 1, resumed: 0 });
    expect([await exists(orphanDoc), await exists(orphanCv)]).toEqual([false, true]);
    expect(await db.select().from(scheduledState)).toEqual([
      expect.objectContaining({ job: 'orphaned-files', state: { prefix: 'resumes/', startAfter: null } }),
    ]);
    const second = await runScheduled(CRONS['orphaned-files'], env, later);
    expect(second['orphaned-files']).toMatchObject({ unfinished: 0, resumed: 1 });
    expect(await exists(orphanCv)).toBe(false);
    expect(await db.select().from(scheduledState)).toEqual([]);
  });

  it('resumes after the last key a stopped sweep listed, skipping nothing', async () => {
    // Objects of no row, under a folder that sorts after every other test's (uuids are hex).
    const folder = `documents/zz-${uuid()}/`;
    const keys = Array.from({ length: 5 }, () => `${folder}${uuid()}.pdf`).sort();
    await Promise.all(keys.map(put));
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + HOUR);
    // Two pages of two keys (a list and a delete each, and one statement each) and no more.
    const budget = new RunBudget({ queries: 3, subrequests: 4 });
    // The bindings count what the run spends, as runScheduled hands them to a job.
    const counted = createDb(countedD1(env.DB, budget));
    const stopped = await deleteOrphanedFiles(counted, countedBucket(env.FILES, budget), later, {
      pageSize: 2,
      budget,
      from: { prefix: 'documents/', startAfter: folder },
    });
    expect(stopped.position).toEqual({ prefix: 'documents/', startAfter: keys[3] });
    expect(await Promise.all(keys.map(exists))).toEqual([false, false, false, false, true]);
    const rest = await deleteOrphanedFiles(db, env.FILES, later, { pageSize: 2, from: stopped.position });
    expect(rest.position).toBeNull();
    expect(await exists(keys[4]!)).toBe(false);
  });
});
