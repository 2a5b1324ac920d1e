// "Download my data" and "Delete my account" for the three account types,
// against real D1 and R2 in workerd.
import { env } from 'cloudflare:test';
import { desc, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import { ERASED_EMAIL, ERASED_NAME, findPerson } from '#db/queries/personal-data.ts';
import { WRONG_PASSWORD_MESSAGE } from '#schemas/privacy.ts';
import { FORGOTTEN_RECIPIENT } from '#db/queries/outbox.ts';
import { request, postJson } from '../test/fixtures/index.ts';
import { auth as staffAuth, makeStaff } from '../test/fixtures/index.ts';
import {
  PASSWORD,
  db,
  makeApplicantWithData,
  makePartnerWithData,
  makeStudentWithData,
  rowsMentioning,
} from '../test/fixtures/index.ts';
import { createMailer } from '../services/mail/mailer.ts';
import { getSite } from '#db/queries/site-content.ts';
import { erasePerson } from '../services/privacy/personal-data.ts';
import { deleteOrphanedFiles, ORPHAN_GRACE_MS } from '../services/files/orphaned-files.ts';
import { received, withFakeMail } from '../test/mail-fake/client.ts';

/** The erasure e-mail's subject names the brand of the site block (never a name written in code). */
const deletedSubject = async () => `Your ${(await getSite(db)).companyName} account has been deleted`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const applicantHeader = (token: string) => ({ 'X-Applicant-Token': token });

async function unzip(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('application/zip');
  expect(res.headers.get('Content-Disposition')).toMatch(
    /^attachment; filename="bridgeway-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  expect(res.headers.get('Cache-Control')).toContain('no-store');
  const bytes = new Uint8Array(await res.arrayBuffer());
  const files = unzipSync(bytes);
  return { bytes, files, data: JSON.parse(strFromU8(files['data.json']!)) as Record<string, unknown> };
}

const contains = (haystack: Uint8Array, needle: string) => {
  const n = new TextEncoder().encode(needle);
  outer: for (let i = 0; i <= haystack.length - n.length; i++) {
    for (let j = 0; j < n.length; j++) if (haystack[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
};

const eraseRequest = (path: string, headers: Record<string, string>, password: unknown) =>
  request(path, {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ password }),
  });

describe('GET …/me/export', () => {
  it("a student's zip holds their data and files (names deduplicated), and nothing of another student", async () => {
    const mine = await makeStudentWithData('exporter');
    const other = await makeStudentWithData('bystander');
    const { files, data, bytes } = await unzip(
      await request('/api/users/me/export', { headers: bearer(mine.token) }),
    );

    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'data.json',
      'files/passport (2).pdf',
      'files/passport.pdf',
      'files/transcript.pdf',
    ]);
    expect(files['files/passport.pdf']).toEqual(mine.documents[0]!.bytes);
    expect(files['files/passport (2).pdf']).toEqual(mine.documents[1]!.bytes);
    expect(data).toMatchObject({
      accountType: 'student',
      profile: { id: mine.id, email: mine.email, fullName: mine.fullName },
      education: [expect.objectContaining({ instituteName: 'exporter College' })],
      languages: [expect.objectContaining({ qualification: 'IELTS exporter' })],
      applications: [
        expect.objectContaining({
          id: mine.applicationId,
          status: 'in_review',
          program: expect.any(String),
          statusHistory: [expect.objectContaining({ fromStatus: 'submitted', toStatus: 'in_review' })],
        }),
      ],
      savedPrograms: [expect.objectContaining({ subjectId: mine.savedProgramId })],
      emailsSentToYou: [expect.objectContaining({ subject: `Welcome ${mine.fullName}` })],
      payments: [expect.objectContaining({ payerEmail: mine.email })],
      contactMessages: [expect.objectContaining({ email: mine.email })],
      sessions: [expect.objectContaining({ expiresAt: expect.any(String) })],
      consents: [expect.objectContaining({ what: expect.stringContaining('Terms') })],
      files: expect.arrayContaining([{ name: 'passport.pdf', inThisZipAs: 'files/passport (2).pdf' }]),
    });
    // Secrets and storage keys are never exported.
    const json = strFromU8(files['data.json']!);
    expect(json).not.toContain('scrypt');
    expect(json).not.toMatch(/passwordHash|objectKey/);
    // Not one byte of the other student: their id, e-mail, name, or any of their files.
    for (const needle of [other.id, other.email, other.fullName, 'bystander'])
      expect(contains(bytes, needle), needle).toBe(false);
  });

  it("a partner's zip holds the profile, requests with history and approval history; an applicant's holds applications, the CV and alerts", async () => {
    const partner = await makePartnerWithData('exportpartner');
    const p = await unzip(await request('/api/partner/me/export', { headers: bearer(partner.token) }));
    expect(p.data).toMatchObject({
      accountType: 'partner',
      profile: { id: partner.id, companyName: 'exportpartner Ltd' },
      requests: [
        expect.objectContaining({
          id: partner.requestId,
          statusHistory: [expect.objectContaining({ toStatus: 'in_review' })],
        }),
      ],
      approvalHistory: [],
    });
    expect(Object.keys(p.files).sort()).toEqual(['README.txt', 'data.json']);

    const applicant = await makeApplicantWithData('exportapplicant');
    const other = await makeApplicantWithData('otherapplicant');
    const a = await unzip(
      await request('/api/job-applicants/me/export', { headers: applicantHeader(applicant.token) }),
    );
    expect(a.files['files/cv.pdf']).toEqual(applicant.cv.bytes);
    expect(a.data).toMatchObject({
      accountType: 'applicant',
      jobApplications: [
        expect.objectContaining({
          id: applicant.applicationId,
          status: 'shortlisted',
          job: expect.any(String),
        }),
      ],
      jobAlerts: [expect.objectContaining({ keywords: 'nurse', location: 'London' })],
      consents: expect.arrayContaining([
        expect.objectContaining({ what: expect.stringContaining('job alert') }),
      ]),
    });
    for (const needle of [other.id, other.email, 'otherapplicant'])
      expect(contains(a.bytes, needle), needle).toBe(false);
  });

  it("refuses without a token, with a forged one, and with another account type's token; each type reads only its own", async () => {
    const student = await makeStudentWithData('tokens');
    const partner = await makePartnerWithData('tokens');
    expect((await request('/api/users/me/export')).status).toBe(401);
    expect(
      (await request('/api/users/me/export', { headers: bearer(`${student.token.slice(0, -4)}AAAA`) }))
        .status,
    ).toBe(401);
    // A partner's token on the student export, a student's on the applicant export.
    expect((await request('/api/users/me/export', { headers: bearer(partner.token) })).status).toBe(403);
    expect(
      (await request('/api/job-applicants/me/export', { headers: applicantHeader(student.token) })).status,
    ).toBe(403);
  });

  it('is rate-limited per account (5 an hour)', async () => {
    const student = await makeStudentWithData('ratelimited', { documents: [] });
    for (let i = 0; i < 5; i++) {
      const res = await request('/api/users/me/export', { headers: bearer(student.token) });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await request('/api/users/me/export', { headers: bearer(student.token) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBeTruthy();
    expect(await refused.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('downloaded your data'),
    });
  });

  it('lists a file missing from storage instead of failing', async () => {
    const student = await makeStudentWithData('missingfile', {
      documents: [{ name: 'gone.pdf' }, { name: 'here.pdf' }],
    });
    await env.FILES.delete(student.documents[0]!.key);
    const { files } = await unzip(await request('/api/users/me/export', { headers: bearer(student.token) }));
    expect(Object.keys(files)).toContain('files/here.pdf');
    expect(strFromU8(files['missing-files.txt']!)).toContain('files/gone.pdf');
  });
});

describe('DELETE …/me', () => {
  it('a wrong or missing password is a clear 400 and deletes nothing; the attempts are rate-limited', async () => {
    const student = await makeStudentWithData('wrongpw', { documents: [] });
    const wrong = await eraseRequest('/api/users/me', bearer(student.token), 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ success: false, message: WRONG_PASSWORD_MESSAGE });
    expect((await eraseRequest('/api/users/me', bearer(student.token), '')).status).toBe(400);
    expect(await findPerson(db, 'student', student.id)).toBeDefined();
    // Five checked attempts in 15 minutes (the empty one failed validation and was not counted) ...
    for (let i = 0; i < 4; i++)
      expect((await eraseRequest('/api/users/me', bearer(student.token), `guess-${i}`)).status).toBe(400);
    // ... then even the right password waits.
    const limited = await eraseRequest('/api/users/me', bearer(student.token), PASSWORD);
    expect(limited.status).toBe(429);
    expect(await findPerson(db, 'student', student.id)).toBeDefined();
  });

  it("refuses another account type's token", async () => {
    const partner = await makePartnerWithData('othertype');
    expect((await eraseRequest('/api/users/me', bearer(partner.token), PASSWORD)).status).toBe(403);
    expect(
      (await eraseRequest('/api/job-applicants/me', applicantHeader(partner.token), PASSWORD)).status,
    ).toBe(403);
    expect(await findPerson(db, 'partner', partner.id)).toBeDefined();
  });

  it('erases a student: the token stops at once, sign-in fails, files are gone, payments kept anonymised, no row holds the e-mail or id', async () => {
    const student = await makeStudentWithData('erased');
    const bystander = await makeStudentWithData('survivor');
    const staff = await makeStaff('admin');
    // A staff status change on the application was audited with its note.
    await db.insert(t.auditLog).values({
      id: crypto.randomUUID(),
      staffId: staff.id,
      action: 'subscription.status',
      entity: 'subscription',
      entityId: student.applicationId,
      after: { status: 'in_review', note: `Note for ${student.fullName}` },
    });
    // Failed sign-ins left a per-account counter keyed by the e-mail.
    expect(
      (await postJson('/api/users/login', { email: student.email, password: 'wrong-password' })).status,
    ).toBe(401);

    const res = await eraseRequest('/api/users/me', bearer(student.token), PASSWORD);
    expect(res.status).toBe(200);
    const body = await res.json<{ removed: Record<string, number>; files: number }>();
    expect(body).toMatchObject({
      success: true,
      files: 3,
      removed: {
        account: 1,
        education: 1,
        languages: 1,
        documents: 3,
        applications: 1,
        savedPrograms: 1,
        statusChanges: 1,
        paymentsAnonymised: 1,
      },
    });

    // No row of any table still holds the e-mail, the name or the account id.
    expect(await rowsMentioning([student.email, student.id, student.fullName])).toEqual([]);
    // The token stops working at once, and the password no longer signs in.
    expect((await request('/api/users/profile', { headers: bearer(student.token) })).status).toBe(401);
    expect((await postJson('/api/users/login', { email: student.email, password: PASSWORD })).status).toBe(
      401,
    );
    // Files: gone from storage, and the route that served them answers 404 (to any other student too).
    for (const doc of student.documents) {
      expect(await env.FILES.head(doc.key)).toBeNull();
      expect(
        (await request(`/api/users/document/${doc.id}`, { headers: bearer(bystander.token) })).status,
      ).toBe(404);
    }
    // The payment is kept for the accounts, without the person.
    const [payment] = await db.select().from(t.payments).where(eq(t.payments.id, student.paymentId));
    expect(payment).toMatchObject({
      payerName: ERASED_NAME,
      payerEmail: ERASED_EMAIL,
      amount: 1000,
      status: 'succeeded',
    });
    // The audit log keeps the staff action without the link, and records the erasure without personal data.
    const audit = await db.select().from(t.auditLog).where(eq(t.auditLog.staffId, staff.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'subscription.status', entityId: null, before: null, after: null }),
    ]);
    const [erasure] = await db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'account.erase'))
      .orderBy(desc(t.auditLog.createdAt))
      .limit(1);
    expect(erasure).toMatchObject({
      staffId: null,
      entity: 'student',
      entityId: null,
      after: { files: 3, addressRows: true },
    });
    // The confirmation went out, and its outbox row forgot the address once delivered.
    const [confirmation] = await db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.subject, await deletedSubject()))
      .orderBy(desc(t.outbox.createdAt))
      .limit(1);
    expect(confirmation).toMatchObject({ status: 'sent', to: FORGOTTEN_RECIPIENT });
    expect(confirmation!.text).toContain('student account');
    // The other student is untouched.
    expect(await findPerson(db, 'student', bystander.id)).toBeDefined();
    expect(await env.FILES.head(bystander.documents[0]!.key)).not.toBeNull();
  });

  it('erases a partner and a job applicant (X-Applicant-Token), with their requests, applications, CV and alerts', async () => {
    const partner = await makePartnerWithData('erasedpartner');
    const res = await eraseRequest('/api/partner/me', bearer(partner.token), PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ removed: { account: 1, requests: 1 } });
    expect((await request('/api/partner/profile', { headers: bearer(partner.token) })).status).toBe(401);
    expect(await rowsMentioning([partner.email, partner.id])).toEqual([]);

    const applicant = await makeApplicantWithData('erasedapplicant');
    const staff = await makeStaff('admin');
    const done = await eraseRequest('/api/job-applicants/me', applicantHeader(applicant.token), PASSWORD);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      files: 1,
      removed: { account: 1, jobApplications: 1, jobAlerts: 1 },
    });
    expect(await rowsMentioning([applicant.email, applicant.id, applicant.fullName])).toEqual([]);
    expect(
      (await request('/api/job-applicants/me', { headers: applicantHeader(applicant.token) })).status,
    ).toBe(401);
    expect(
      (await postJson('/api/job-applicants/login', { email: applicant.email, password: PASSWORD })).status,
    ).toBe(401);
    expect(await env.FILES.head(applicant.cv.key)).toBeNull();
    expect(
      (
        await request(`/api/admin/job-applications/${applicant.applicationId}/cv`, {
          headers: staffAuth(staff.token),
        })
      ).status,
    ).toBe(404);
  });

  it('the confirmation reaches a real provider, then its outbox row forgets the address', async () => {
    const student = await makeStudentWithData('providerconfirm', { documents: [] });
    const person = (await findPerson(db, 'student', student.id))!;
    const bindings = withFakeMail({ ENVIRONMENT: 'production' });
    const result = await erasePerson(db, env.FILES, createMailer(db, bindings), person, { staffId: null });
    expect(result.emailed).toBe(true);
    const sent = await received(student.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.subject).toBe(await deletedSubject());
    expect(await rowsMentioning([student.email, student.id])).toEqual([]);
  });

  it('when storage fails after the batch, the rows are gone and the orphaned-files job removes the objects', async () => {
    const student = await makeStudentWithData('r2down');
    const person = (await findPerson(db, 'student', student.id))!;
    const failing = new Proxy(env.FILES, {
      get: (target, prop) =>
        prop === 'delete'
          ? async () => {
              throw new Error('R2 unavailable');
            }
          : Reflect.get(target, prop, target),
    });
    const result = await erasePerson(db, failing, createMailer(db, env), person, { staffId: null });
    expect(result).toMatchObject({ files: 3, filesLeft: 3 });
    expect(await findPerson(db, 'student', student.id)).toBeUndefined();
    for (const doc of student.documents) expect(await env.FILES.head(doc.key)).not.toBeNull();
    // The daily sweep recognises them: under documents/ with no row, past the grace period.
    await deleteOrphanedFiles(db, env.FILES, new Date(Date.now() + ORPHAN_GRACE_MS + 60_000));
    for (const doc of student.documents) expect(await env.FILES.head(doc.key)).toBeNull();
  });
});
