import { describe, expect, it, beforeAll } from 'vitest';
import { env } from 'cloudflare:test';
import { aJob, request, postJson, type Browser } from '#functions/test/fixtures/index.ts';
import { confirmationToken, pdfBytes, registerApplicant } from '#functions/test/fixtures/index.ts';
import { auth, makeStaff } from '#functions/test/fixtures/index.ts';
import { confirmationLink } from '#functions/services/recruitment/applicant-confirmation.ts';
import { signToken } from '#functions/services/security/tokens.ts';
import { NO_SESSION } from '#functions/test/fixtures/index.ts';
import type { ApplicantProfile, MyApplication } from '#schemas/recruitment.ts';
import { testBrand } from '#functions/test/fixtures/index.ts';

const secret = env.TOKEN_SECRET;
const issuer = env.TOKEN_ISSUER || 'bridgeway-global';
// Two open jobs of this file's own (made before the tests, with ids no seed job has).
const JOB = { id: 'confirmation-care-assistant', title: 'Care Assistant (Domiciliary)' };
const OTHER_JOB = 'confirmation-warehouse-operative';
beforeAll(async () => {
  await aJob(JOB);
  await aJob({ id: OTHER_JOB, title: 'Warehouse Operative' });
});

function apply(jobId: string, token: string) {
  const form = new FormData();
  form.append('resume', new File([pdfBytes()], 'cv.pdf'));
  form.append('coverLetter', 'I would love to join your team.');
  return request(`/api/jobs/${jobId}/apply`, {
    method: 'POST',
    body: form,
    headers: { 'X-Applicant-Token': token },
  });
}

/** The new-application notices that passed this applicant's applications on. */
async function noticesFor(email: string) {
  const { results } = await env.DB.prepare(
    "select subject from outbox where subject like 'New application:%' and text like ?",
  )
    .bind(`%(${email})%`)
    .all<{ subject: string }>();
  return results.map((r) => r.subject);
}

const confirm = (token: string) => postJson('/api/job-applicants/confirm-email', { token });
const me = async (token: string) =>
  await (
    await request('/api/job-applicants/me', { headers: { 'X-Applicant-Token': token } })
  ).json<ApplicantProfile>();
const mine = async (token: string) =>
  await (
    await request('/api/job-applicants/applications', { headers: { 'X-Applicant-Token': token } })
  ).json<MyApplication[]>();

/** The applicant signs in again in their own browser, as the confirmation asks: the new session's token. */
async function signInAgain(applicant: { browser: Browser; email: string; password: string }) {
  const res = await applicant.browser.post('/api/job-applicants/login', {
    email: applicant.email,
    password: applicant.password,
  });
  expect(res.status).toBe(200);
  return (await res.json<{ token: string }>()).token;
}

let admin: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  admin = await makeStaff('admin');
});

describe('job applicant e-mail confirmation', () => {
  it('registers without a code, e-mails a signed link, and holds applications until it is clicked', async () => {
    const applicant = await registerApplicant('held');
    expect(await me(applicant.token)).toMatchObject({ email: applicant.email, emailConfirmed: false });
    const mail = await env.DB.prepare(
      'select subject, text, html from outbox where "to" = ? and subject like \'Confirm%\'',
    )
      .bind(applicant.email)
      .first<{ subject: string; text: string; html: string }>();
    expect(mail!.subject).toBe(`Confirm your e-mail address for ${testBrand.companyName}`);
    expect(mail!.text).toMatch(/^Hello Test Applicant, someone registered a job-seeker account/);
    expect(mail!.text).toContain('Please confirm that this is your e-mail address');
    expect(mail!.text).toContain('http://127.0.0.1:8787/my-applications/confirm-email?token=');
    expect(mail!.text).toContain('valid for 48 hours');
    expect(mail!.html).toContain('Confirm my e-mail address</a>');

    // Applying works, but nothing goes to the employer yet.
    const res = await apply(JOB.id, applicant.token);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Application submitted successfully',
      held: true,
    });
    expect(await noticesFor(applicant.email)).toEqual([]);
    expect((await mine(applicant.token))[0]).toMatchObject({ jobId: JOB.id, held: true });

    // Staff see it marked, and cannot pass it on (shortlist, interview, offer) until confirmed.
    const list = await (
      await request(`/api/admin/job-applications?q=${encodeURIComponent(applicant.email)}`, {
        headers: auth(admin.token),
      })
    ).json<{ items: { id: string; emailConfirmed: boolean }[] }>();
    expect(list.items).toEqual([expect.objectContaining({ emailConfirmed: false })]);
    const id = list.items[0]!.id;
    const detail = await (
      await request(`/api/admin/job-applications/${id}`, { headers: auth(admin.token) })
    ).json<{ item: { emailConfirmed: boolean } }>();
    expect(detail.item.emailConfirmed).toBe(false);
    const shortlist = await postJson(
      `/api/admin/job-applications/${id}/status`,
      { status: 'shortlisted' },
      auth(admin.token),
    );
    expect(shortlist.status).toBe(409);
    expect(await shortlist.json()).toMatchObject({
      message: expect.stringContaining('has not confirmed their e-mail address yet'),
    });
    const csv = await (
      await request(`/api/admin/job-applications?format=csv&q=${encodeURIComponent(applicant.email)}`, {
        headers: auth(admin.token),
      })
    ).text();
    expect(csv.split('\r\n')[0]).toContain('Email confirmed');

    // The click: confirmed, and the held application is forwarded (once).
    const clicked = await confirm(await confirmationToken(applicant.email));
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({
      success: true,
      status: 'confirmed',
      message:
        'Thank you: your e-mail address is confirmed. Your applications are on their way to the employers. Sign in again to follow them in My applications.',
      // The sign-in the page leads to opens with it filled in.
      email: applicant.email,
    });
    expect(await noticesFor(applicant.email)).toEqual([`New application: ${JOB.title}`]);
    // The session made before the click ends with it (whoever made it); the person signs in again.
    const before = await request('/api/job-applicants/me', {
      headers: { 'X-Applicant-Token': applicant.token },
    });
    expect(before.status).toBe(401);
    const token = await signInAgain(applicant);
    expect(await me(token)).toMatchObject({ emailConfirmed: true });
    expect((await mine(token))[0]).toMatchObject({ held: false });
    expect(
      (
        await postJson(
          `/api/admin/job-applications/${id}/status`,
          { status: 'shortlisted' },
          auth(admin.token),
        )
      ).status,
    ).toBe(200);

    // The same link again: a clear answer, nothing sent twice.
    const again = await confirm(await confirmationToken(applicant.email));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      status: 'already-confirmed',
      message: 'Your e-mail address is already confirmed. There is nothing more to do.',
      email: applicant.email,
    });
    expect(await noticesFor(applicant.email)).toHaveLength(1);

    // After confirming, a new application goes on at once.
    const next = await apply(OTHER_JOB, token);
    expect(await next.json()).toMatchObject({ held: false });
    expect(await noticesFor(applicant.email)).toHaveLength(2);
  });

  it('forwards held applications exactly once when the link is clicked 5 times at once', async () => {
    const applicant = await registerApplicant('parallel');
    expect((await apply(JOB.id, applicant.token)).status).toBe(201);
    expect((await apply(OTHER_JOB, applicant.token)).status).toBe(201);
    const token = await confirmationToken(applicant.email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(token)));
    const statuses = await Promise.all(answers.map(async (r) => (await r.json<{ status: string }>()).status));
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'already-confirmed')).toHaveLength(4);
    expect((await noticesFor(applicant.email)).sort()).toEqual([
      'New application: Care Assistant (Domiciliary)',
      'New application: Warehouse Operative',
    ]);
  });

  it('answers a forged, altered, expired or foreign link with 400 and a message a person understands, never a 500', async () => {
    const applicant = await registerApplicant('forged');
    const real = await confirmationToken(applicant.email);
    const applicantId = JSON.parse(atob(real.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')))
      .sub as string;
    const invalid = {
      success: false,
      message: 'This confirmation link is not valid. Log in to My applications to get a new one.',
    };
    const expired = {
      success: false,
      message: 'This confirmation link has expired. Log in to My applications to get a new one.',
    };
    const otherKey = new URL(
      await confirmationLink('another-secret-0123456789abcdef0123456789', issuer, 'http://x', {
        id: applicantId,
        email: applicant.email,
      }),
    ).searchParams.get('token')!;
    const old = new URL(
      await confirmationLink(
        secret,
        issuer,
        'http://x',
        { id: applicantId, email: applicant.email },
        Date.now() - 49 * 3600_000,
      ),
    ).searchParams.get('token')!;
    const otherAddress = new URL(
      await confirmationLink(secret, issuer, 'http://x', {
        id: applicantId,
        email: 'someone.else@example.com',
      }),
    ).searchParams.get('token')!;
    const session = await signToken(secret, issuer, {
      sub: applicantId,
      aud: 'applicant',
      role: 'applicant',
      sid: NO_SESSION,
    });
    const cases: [unknown, object][] = [
      [{ token: 'not-a-token' }, invalid],
      [{ token: `${real.slice(0, -4)}AAAA` }, invalid],
      [{ token: otherKey }, invalid],
      [{ token: otherAddress }, invalid],
      [{ token: session }, invalid],
      [{ token: old }, expired],
      [{ token: '' }, { success: false, message: 'This confirmation link is not valid.' }],
      [{}, { success: false, message: 'This confirmation link is not valid.' }],
    ];
    for (const [body, answer] of cases) {
      const res = await postJson('/api/job-applicants/confirm-email', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject(answer);
    }
    expect(await me(applicant.token)).toMatchObject({ emailConfirmed: false });
  });

  it('sends the link again on request, at most 3 times an hour even when asked 10 times at once', async () => {
    const applicant = await registerApplicant('resend');
    const resend = () =>
      request('/api/job-applicants/resend-confirmation', {
        method: 'POST',
        headers: {
          'X-Applicant-Token': applicant.token,
          'CF-Connecting-IP': `198.51.100.${Math.floor(Math.random() * 250)}`,
        },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, resend));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many confirmation e-mails\. Please try again in \d+ minutes?\.$/),
    });
    const { results } = await env.DB.prepare(
      'select id from outbox where "to" = ? and subject like \'Confirm%\'',
    )
      .bind(applicant.email)
      .all();
    expect(results).toHaveLength(4); // registration + 3
    // Any of the links works; then, signed in again, there is nothing to resend.
    expect((await confirm(await confirmationToken(applicant.email))).status).toBe(200);
    const done = await request('/api/job-applicants/resend-confirmation', {
      method: 'POST',
      headers: { 'X-Applicant-Token': await signInAgain(applicant) },
    });
    expect(done.status).toBe(409);
    expect(await done.json()).toMatchObject({ message: 'Your e-mail address is already confirmed.' });
    expect((await request('/api/job-applicants/resend-confirmation', { method: 'POST' })).status).toBe(401);
  });
});

describe("the job seeker's confirmation of each application", () => {
  /** The "we received your application" e-mails to an address. */
  const receipts = async (email: string) =>
    (
      await env.DB.prepare(
        'select subject, text from outbox where "to" = ? and subject like \'We received your application:%\' order by created_at, rowid',
      )
        .bind(email)
        .all<{ subject: string; text: string }>()
    ).results;

  it('a confirmed applicant is e-mailed at once: what, when, what next and where to follow it', async () => {
    const applicant = await registerApplicant('receipt-now', { confirmed: true });
    const res = await apply(JOB.id, applicant.token);
    expect(res.status).toBe(201);
    const { applicationId } = await res.json<{ applicationId: string }>();
    const [mail, ...more] = await receipts(applicant.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`We received your application: ${JOB.title}`);
    expect(mail!.text).toContain(
      `Hello Test Applicant, thank you: we received your application to ${JOB.title} at`,
    );
    expect(mail!.text).toMatch(/Applied: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    expect(mail!.text).toContain('What happens next: A recruiter reads your CV');
    expect(mail!.text).toContain(`http://127.0.0.1:8787/my-applications#timeline-${applicationId}`);
  });

  it('a held application is confirmed when the address is, one e-mail per application, never twice', async () => {
    const applicant = await registerApplicant('receipt-held');
    expect((await apply(JOB.id, applicant.token)).status).toBe(201);
    expect((await apply(OTHER_JOB, applicant.token)).status).toBe(201);
    expect(await receipts(applicant.email)).toEqual([]);

    expect((await confirm(await confirmationToken(applicant.email))).status).toBe(200);
    expect((await receipts(applicant.email)).map((m) => m.subject).sort()).toEqual(
      [
        `We received your application: ${JOB.title}`,
        'We received your application: Warehouse Operative',
      ].sort(),
    );
    expect((await confirm(await confirmationToken(applicant.email))).status).toBe(200);
    expect(await receipts(applicant.email)).toHaveLength(2);
  });
});
