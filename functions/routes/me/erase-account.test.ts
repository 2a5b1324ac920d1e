// DELETE /api/me: the whole account from any door — every role of the person (student, job seeker,
// the partner organisation they own) and the person — confirmed by their one password; refused
// while they own an organisation others have joined, as the partner door refuses it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERASED_MESSAGE, WRONG_PASSWORD_MESSAGE } from '#schemas/privacy.ts';
import {
  aBrowser,
  verifiedPartnerIn,
  verifiedStudentIn,
  type Browser,
} from '#functions/test/fixtures/index.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();

async function signIn(browser: Browser, path: string, who: { email: string; password: string }) {
  const res = await browser.post(path, { email: who.email, password: who.password });
  expect(res.status).toBe(200);
  return (await json(res)).token as string;
}

const eraseAll = (browser: Browser, headers: Record<string, string>, password: string) =>
  browser.request('/api/me', {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ password }),
  });

const count = async (sql: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...values)
      .first<{ n: number }>()
  )?.n ?? 0;

describe('DELETE /api/me', () => {
  it('from the job window, deletes the student and job seeker roles and the person; the wrong password deletes nothing', async () => {
    const browser = aBrowser();
    const student = await verifiedStudentIn(browser);
    const studentToken = await signIn(browser, '/api/users/login', student);
    const applicantToken = await signIn(browser, '/api/job-applicants/login', student);
    const roles = async () =>
      (await count('select count(*) as n from users where email = ?', student.email)) +
      (await count('select count(*) as n from job_applicants where email = ?', student.email)) +
      (await count('select count(*) as n from people where email = ?', student.email));
    expect(await roles()).toBe(3);

    const wrong = await eraseAll(browser, { 'X-Applicant-Token': applicantToken }, 'not-the-password-1');
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toEqual({ success: false, message: WRONG_PASSWORD_MESSAGE });
    expect(await roles()).toBe(3);

    const done = await eraseAll(browser, { 'X-Applicant-Token': applicantToken }, student.password);
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ success: true, message: ACCOUNT_ERASED_MESSAGE });
    expect(await roles()).toBe(0);
    // Every session of the person ended with them, at the other door too.
    const profile = await browser.request('/api/users/profile', {
      headers: { Authorization: `Bearer ${studentToken}` },
    });
    expect(profile.status).toBe(401);
  });

  it('refuses (409) while the person owns an organisation someone else has joined, and deletes nothing', async () => {
    const browser = aBrowser();
    const owner = await verifiedPartnerIn(browser);
    const partnerToken = await signIn(browser, '/api/partner/login', owner);
    const partnerId = (await env.DB.prepare('select id from partners where email = ?')
      .bind(owner.email)
      .first<{ id: string }>())!.id;
    const now = Date.now();
    await env.DB.prepare(
      `insert into partner_members (id, partner_id, person_id, email, role, accepted_at, created_at, updated_at)
       values (?, ?, null, ?, 'member', ?, ?, ?)`,
    )
      .bind(crypto.randomUUID(), partnerId, `member-${now}@example.com`, now, now, now)
      .run();
    const refused = await eraseAll(browser, { Authorization: `Bearer ${partnerToken}` }, owner.password);
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toMatch(/other members/);
    expect(await count('select count(*) as n from partners where id = ?', partnerId)).toBe(1);
  });

  it('validates the body: no password is a 400 with a message', async () => {
    const browser = aBrowser();
    const student = await verifiedStudentIn(browser);
    const token = await signIn(browser, '/api/users/login', student);
    const res = await browser.request('/api/me', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ success: false, message: 'Enter your password to confirm' });
  });
});
