// an unverified or unconfirmed account is nobody's to keep, and
// nothing a stranger registers can take it over, squat it, reserve its phone number or put words
// in our e-mails. Over HTTP through the real Worker on real D1; each test failed on main.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PLAIN_NAME_MAX, plainName } from './services/mail/emails.ts';
import { challengeCookieName } from './lib/code-challenges.ts';
import {
  aBrowser,
  confirmationToken,
  mailTo,
  partnerRegistration,
  pdfBytes,
  postJson,
  request,
  studentRegistration,
  waitForCode,
  waitForMail,
  aJob,
} from './test/fixtures/index.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();
let counter = 0;
/** A client address of its own (benchmarking range). */
const address = () => ({ 'CF-Connecting-IP': `198.18.${40 + ((counter >> 8) & 63)}.${counter++ & 255}` });
const post = (path: string, body: unknown) => postJson(path, body, address());

const VERIFY = /verification code/;
const codeFor = (email: string) => waitForCode(email, VERIFY);
/** Moves codes back past the 60-second wait (the other registrant arrives a minute later). */
const ageCodes = (id: string) =>
  env.DB.prepare('update one_time_codes set created_at = created_at - 120000 where account_id = ?')
    .bind(id)
    .run();

describe('re-registering an unverified address takes nothing over', () => {
  it('student: owner registers; another registers the same address with their own password and resends; the owner’s own code wins', async () => {
    const owner = studentRegistration({ fullName: 'Alice Owner', password: 'Owner-pass-2026' });
    const email = owner.email;
    const registered = await post('/api/users/register/', owner);
    expect(registered.status).toBe(201);
    const ownerId = (await json(registered)).userId as string;
    const ownersCode = await codeFor(email);
    await ageCodes(ownerId);

    // A minute later someone else registers the same address, with their own password.
    const other = studentRegistration({ email, fullName: 'Mallory Other', password: 'Other-pass-2026' });
    const second = await post('/api/users/register/', other);
    expect(second.status).toBe(201);
    const otherId = (await json(second)).userId as string;
    // check-email hands out nobody's id.
    expect(await json(await post('/api/users/check-email', { email }))).toEqual({
      exists: true,
      userId: null,
      isComplete: false,
      isVerified: false,
    });
    await ageCodes(otherId);
    // …and a minute after that they ask for a new code: for their registration alone.
    expect((await post('/api/users/resend-otp', { userId: otherId })).status).toBe(200);

    // The owner's own code still verifies the owner's registration.
    const verify = await post('/api/users/verify-otp', { userId: ownerId, otp: ownersCode });
    expect(verify.status).toBe(200);
    const login = await post('/api/users/login', { email, password: 'Owner-pass-2026' });
    expect(login.status).toBe(200);
    expect((await json(login)).user).toMatchObject({ id: ownerId, fullName: 'Alice Owner' });
    expect((await post('/api/users/login', { email, password: 'Other-pass-2026' })).status).toBe(401);
    // The other registration is gone: its newest code verifies nothing.
    const othersCode = await codeFor(email);
    expect((await post('/api/users/verify-otp', { userId: otherId, otp: othersCode })).status).toBe(404);
    const rows = await env.DB.prepare('select id, is_verified from users where email = ?').bind(email).all();
    expect(rows.results).toEqual([{ id: ownerId, is_verified: 1 }]);
  });

  it('student: a code verifies only the registration it was sent for', async () => {
    const owner = studentRegistration();
    const ownerId = (await json(await post('/api/users/register/', owner))).userId as string;
    const ownersCode = await codeFor(owner.email);
    await ageCodes(ownerId);
    const other = studentRegistration({ email: owner.email, password: 'Other-pass-2026' });
    const otherId = (await json(await post('/api/users/register/', other))).userId as string;
    // The owner's code, tried against the other registration, is just a wrong code there.
    const crossed = await post('/api/users/verify-otp', { userId: otherId, otp: ownersCode });
    expect(crossed.status).toBe(400);
    expect((await post('/api/users/verify-otp', { userId: ownerId, otp: ownersCode })).status).toBe(200);
  });

  it('partner: owner registers, another registers the same address later; the owner’s resend by e-mail renews the owner’s registration, not the newest, and the owner’s code wins', async () => {
    const owner = partnerRegistration({ companyName: 'Owner Learning Ltd', password: 'Owner-pass-2026' });
    const email = owner.ownerEmail;
    const ownersBrowser = aBrowser();
    const first = await ownersBrowser.post('/api/partner/register', owner);
    expect(first.status).toBe(201);
    const ownerId = (await json(first)).data._id as string;
    await ageCodes(ownerId);

    const other = partnerRegistration({
      ownerEmail: email,
      companyName: 'Mallory Ltd',
      password: 'Other-pass-2026',
    });
    const second = await aBrowser().post('/api/partner/register', other);
    expect(second.status).toBe(201);
    const otherId = (await json(second)).data._id as string;
    await ageCodes(otherId);
    const before = (await mailTo(email)).length;
    // The verification page asks by e-mail alone: the registration this browser made gets the new
    // code, never simply the newest of the address (the other's).
    expect((await ownersBrowser.post('/api/partner/resend-otp', { email })).status).toBe(200);
    const ownersCode = await waitForCode(email, VERIFY, { newerThan: before });
    const sent = await env.DB.prepare(
      "select account_id, count(*) as n from one_time_codes where account_id in (?, ?) and purpose = 'verify' group by account_id",
    )
      .bind(ownerId, otherId)
      .all<{ account_id: string; n: number }>();
    expect(Object.fromEntries(sent.results.map((r) => [r.account_id, r.n]))).toEqual({
      [ownerId]: 2,
      [otherId]: 1,
    });

    expect((await ownersBrowser.post('/api/partner/verify-otp', { email, otp: ownersCode })).status).toBe(
      200,
    );
    const login = await post('/api/partner/login', { email, password: 'Owner-pass-2026' });
    expect(login.status).toBe(200);
    expect((await json(login)).partner).toMatchObject({ _id: ownerId, companyName: 'Owner Learning Ltd' });
    expect((await post('/api/partner/login', { email, password: 'Other-pass-2026' })).status).toBe(401);
  });

  it('partner: resend with the registration’s id sends that registration a new code, cancelling no other', async () => {
    const owner = partnerRegistration();
    const email = owner.ownerEmail;
    const ownerId = (await json(await aBrowser().post('/api/partner/register', owner))).data._id as string;
    await ageCodes(ownerId);
    const other = partnerRegistration({ ownerEmail: email, password: 'Other-pass-2026' });
    const otherId = (await json(await aBrowser().post('/api/partner/register', other))).data._id as string;
    const othersCode = await codeFor(email);
    await ageCodes(otherId);
    // The owner, on another device, signs in: not verified yet (403), with the id of the
    // registration that password belongs to, for which the login page asks a new code.
    const device = aBrowser();
    const notYet = await device.post('/api/partner/login', { email, password: owner.password });
    expect(notYet.status).toBe(403);
    expect((await json(notYet)).userId).toBe(ownerId);
    const before = (await mailTo(email)).length;
    expect((await device.post('/api/partner/resend-otp', { email, registrationId: ownerId })).status).toBe(
      200,
    );
    const ownersNewCode = await waitForCode(email, VERIFY, { newerThan: before });
    // Both registrations' codes are open; the one used decides which registration becomes the account.
    const open = await env.DB.prepare(
      "select account_id from one_time_codes where account_id in (?, ?) and consumed_at is null and purpose = 'verify'",
    )
      .bind(ownerId, otherId)
      .all<{ account_id: string }>();
    expect(new Set(open.results.map((r) => r.account_id))).toEqual(new Set([ownerId, otherId]));
    expect(othersCode).toBeDefined();
    // The new code is bound to the device that asked for it.
    expect((await device.post('/api/partner/verify-otp', { email, otp: ownersNewCode })).status).toBe(200);
    expect((await post('/api/partner/login', { email, password: owner.password })).status).toBe(200);
  });
});

describe('unverified registrations reserve no phone number', () => {
  it('a second registration may use a pending number; once one is verified, the number is taken', async () => {
    const phone = `+44 20 7946 ${crypto.randomUUID().slice(0, 6)}`;
    const first = studentRegistration({ contactNumber: phone });
    const firstId = (await json(await post('/api/users/register/', first))).userId as string;
    // Another person, another address, the same number: accepted (the first reserves nothing).
    const second = studentRegistration({ contactNumber: phone });
    const answer = await post('/api/users/register/', second);
    expect(answer.status).toBe(201);
    const secondId = (await json(answer)).userId as string;

    expect(
      (await post('/api/users/verify-otp', { userId: firstId, otp: await codeFor(first.email) })).status,
    ).toBe(200);
    // Now the number belongs to a verified account: the spec's message for anyone registering it.
    const third = await post('/api/users/register/', studentRegistration({ contactNumber: phone }));
    expect(third.status).toBe(409);
    expect(await json(third)).toMatchObject({
      success: false,
      message: 'This email or phone number is already registered. Please use a different one.',
    });
    // And the pending registration with that number cannot verify any more.
    const late = await post('/api/users/verify-otp', { userId: secondId, otp: await codeFor(second.email) });
    expect(late.status).toBe(409);
    expect(await json(late)).toMatchObject({
      message: 'These details are now used by another account. Please register again.',
    });
  });
});

describe('names reach unconfirmed inboxes only as plain text, or not at all', () => {
  const hostile = 'Security team: your card was charged… https://evil.example';

  it('plainName keeps names of letters, spaces and common punctuation up to 60 characters', () => {
    expect(plainName("Anne-Marie O'Neill")).toBe("Anne-Marie O'Neill");
    expect(plainName('  José   María  ')).toBe('José María');
    expect(plainName('Dr. J. R. Smith (Jr.)')).toBe('Dr. J. R. Smith (Jr.)');
    for (const bad of [
      hostile,
      'Visit www.evil.example now',
      'Ann evil.example',
      'mallory@evil.example',
      'Call 0800 123',
      'a'.repeat(PLAIN_NAME_MAX + 1),
      '...',
      '<b>Ann</b>',
    ])
      expect(plainName(bad), bad).toBeNull();
    expect(plainName('a'.repeat(PLAIN_NAME_MAX))).toBe('a'.repeat(PLAIN_NAME_MAX));
  });

  it('student and partner code e-mails and the applicant confirmation leave such a name out', async () => {
    const s = studentRegistration({ fullName: hostile });
    expect((await post('/api/users/register/', s)).status).toBe(201);
    const p = partnerRegistration({ ownerFirstName: 'Pay at www.evil.example' });
    expect((await post('/api/partner/register', p)).status).toBe(201);
    const a = { fullName: 'mallory@evil.example', email: `a-${crypto.randomUUID()}@example.com` };
    const applicant = await post('/api/job-applicants/register', {
      ...a,
      phone: '020 7946 0111',
      password: 'Secret-pass-123',
    });
    expect(applicant.status).toBe(201);
    const mails = [
      await waitForMail(s.email, VERIFY),
      await waitForMail(p.ownerEmail, VERIFY),
      await waitForMail(a.email, /Confirm your e-mail address/),
    ];
    for (const mail of mails) {
      expect(mail.text).toMatch(/^Hello,/);
      for (const word of ['evil', 'Security team', 'https://evil', '@evil'])
        expect(mail.text).not.toContain(word);
    }
    // A plain name is kept.
    const fine = studentRegistration({ fullName: "Anne-Marie O'Neill" });
    await post('/api/users/register/', fine);
    expect((await waitForMail(fine.email, VERIFY)).text).toMatch(/^Hello Anne-Marie O'Neill, use this code/);
  });
});

describe('job seekers’ unconfirmed addresses cannot be squatted', () => {
  const register = (email: string, fullName: string, password: string, browser = aBrowser()) =>
    browser.post('/api/job-applicants/register', { fullName, email, phone: '020 7946 0111', password });
  const apply = async (token: string, jobId: string) => {
    const form = new FormData();
    form.append('resume', new File([pdfBytes()], 'cv.pdf', { type: 'application/pdf' }));
    form.append('coverLetter', 'I would like this job.');
    return request(`/api/jobs/${jobId}/apply`, {
      method: 'POST',
      body: form,
      headers: { 'X-Applicant-Token': token, ...address() },
    });
  };
  const me = (token: string) =>
    request('/api/job-applicants/me', { headers: { 'X-Applicant-Token': token } });

  it('a new registration over an unconfirmed account ends the earlier one: sessions, password, held applications, link', async () => {
    const email = `seeker-${crypto.randomUUID()}@example.com`;
    const title = `Night porter ${crypto.randomUUID().slice(0, 8)}`;
    const job = await aJob({ title, company: 'Squat Hotels' });
    // The squatter registers the owner's address and applies.
    const squat = await register(email, 'Mallory Squatter', 'Squatter-pass-1');
    expect(squat.status).toBe(201);
    const squatToken = (await json(squat)).token as string;
    expect((await apply(squatToken, job.id)).status).toBe(201);
    const squattersLink = await confirmationToken(email);
    const squatterId = (await json(await me(squatToken)))._id as string;

    // The owner registers their own address: not 409, a registration of their own.
    const owner = aBrowser();
    const own = await register(email, 'Olivia Owner', 'Owner-pass-2026', owner);
    expect(own.status).toBe(201);
    const ownToken = (await json(own)).token as string;

    // The squatter's session ended, their password no longer signs in, their link confirms nothing.
    expect((await me(squatToken)).status).toBe(401);
    expect((await post('/api/job-applicants/login', { email, password: 'Squatter-pass-1' })).status).toBe(
      401,
    );
    const stale = await post('/api/job-applicants/confirm-email', { token: squattersLink });
    expect(stale.status).toBe(400);
    // Their held application was withdrawn, never forwarded to anyone.
    const apps = await env.DB.prepare('select id from job_applications where applicant_id = ?')
      .bind(squatterId)
      .all();
    expect(apps.results).toEqual([]);
    const forwarded = await env.DB.prepare('select count(*) as n from outbox where subject = ?')
      .bind(`New application: ${title}`)
      .first<{ n: number }>();
    expect(forwarded!.n).toBe(0);

    // The owner's own link confirms the owner's registration, and nothing of the squatter's goes anywhere.
    expect((await json(await me(ownToken))).fullName).toBe('Olivia Owner');
    const confirm = await post('/api/job-applicants/confirm-email', {
      token: await confirmationToken(email),
    });
    expect(confirm.status).toBe(200);
    // The confirmation ends the sessions made before it: the owner signs in again, confirmed.
    expect((await me(ownToken)).status).toBe(401);
    const signedIn = await owner.post('/api/job-applicants/login', { email, password: 'Owner-pass-2026' });
    expect(signedIn.status).toBe(200);
    expect((await json(await me((await json(signedIn)).token))).emailConfirmed).toBe(true);
    // Once confirmed, the address is the owner's: registering it again is refused.
    expect((await register(email, 'Mallory Again', 'Squatter-pass-2')).status).toBe(409);
  });

  it('the confirmation e-mail says what it confirms: the name and the jobs applied to, and that ignoring it sends nothing', async () => {
    const email = `named-${crypto.randomUUID()}@example.com`;
    const job = await aJob({ title: 'Care assistant', company: 'Kind Homes' });
    const res = await register(email, 'Ravi Kumar', 'Seeker-pass-2026');
    const first = await waitForMail(email, /Confirm your e-mail address/);
    expect(first.text).toContain('under the name Ravi Kumar');
    expect(first.text).toContain('has not applied to any job yet');
    expect(first.text).toContain('ignore this e-mail: nothing is sent to any employer');
    const before = (await mailTo(email)).length;
    expect((await apply((await json(res)).token, job.id)).status).toBe(201);
    const after = await waitForMail(email, /Confirm your e-mail address/, { newerThan: before });
    expect(after.text).toContain(
      'Confirming sends these applications to the employers: Care assistant at Kind Homes',
    );
  });
});

describe('job seekers reset a forgotten password', () => {
  const register = async (email: string) => {
    const res = await post('/api/job-applicants/register', {
      fullName: 'Reset Seeker',
      email,
      phone: '020 7946 0111',
      password: 'Seeker-pass-2026',
    });
    return (await json(res)).token as string;
  };
  const RESET = /password reset code/;

  it('answers an unknown e-mail and a real one alike, and refuses bad input with the students’ messages', async () => {
    const email = `forgot-${crypto.randomUUID()}@example.com`;
    await register(email);
    const known = await post('/api/job-applicants/forgot-password', { email });
    const unknown = await post('/api/job-applicants/forgot-password', { email: `nobody-${email}` });
    expect(known.status).toBe(200);
    expect({ status: unknown.status, body: await unknown.text() }).toEqual({
      status: known.status,
      body: await known.text(),
    });
    expect(await json(await post('/api/job-applicants/forgot-password', { email: 'nope' }))).toMatchObject({
      success: false,
      message: 'Email is invalid',
    });
    const bad = await post('/api/job-applicants/reset-password', {
      email,
      otp: '12',
      password: 'Fresh-pass-2026',
    });
    expect(await json(bad)).toMatchObject({ success: false, message: 'OTP must be 6 digits' });
    const short = await post('/api/job-applicants/reset-password', {
      email,
      otp: '123456',
      password: '12345',
    });
    expect(await json(short)).toMatchObject({ message: 'Password must be at least 6 characters' });
    const wrongUnknown = await post('/api/job-applicants/reset-password', {
      email: `nobody-${email}`,
      otp: '123456',
      password: 'Fresh-pass-2026',
    });
    const wrongKnown = await post('/api/job-applicants/reset-password', {
      email,
      otp: '123456',
      password: 'Fresh-pass-2026',
    });
    expect(await wrongKnown.text()).toBe(await wrongUnknown.text());
  });

  it('a reset sets the password, confirms the address, withdraws what was held and ends every session', async () => {
    const email = `reset-${crypto.randomUUID()}@example.com`;
    const token = await register(email);
    const job = await aJob();
    // Held: made by whoever knew the old password, perhaps not the owner.
    const form = new FormData();
    form.append('resume', new File([pdfBytes()], 'cv.pdf', { type: 'application/pdf' }));
    form.append('coverLetter', 'Held until confirmed.');
    const applied = await request(`/api/jobs/${job.id}/apply`, {
      method: 'POST',
      body: form,
      headers: { 'X-Applicant-Token': token, ...address() },
    });
    expect(applied.status).toBe(201);
    // The reset runs in the browser that asked for the code: the code answers nowhere else.
    const owner = aBrowser();
    expect((await owner.post('/api/job-applicants/forgot-password', { email })).status).toBe(200);
    const otp = await waitForCode(email, RESET);
    const challenge = owner.cookies.get(challengeCookieName('reset'))!;
    const reset = await owner.post('/api/job-applicants/reset-password', {
      email,
      otp,
      password: 'Fresh-pass-2026',
    });
    expect(reset.status).toBe(200);
    expect((await json(reset)).message).toBe(
      'Your password has been reset. Please log in with your new password. Your e-mail address is confirmed. 1 application made before it was confirmed was withdrawn: apply again to send it.',
    );
    expect(
      (await request('/api/job-applicants/me', { headers: { 'X-Applicant-Token': token } })).status,
    ).toBe(401);
    expect((await post('/api/job-applicants/login', { email, password: 'Seeker-pass-2026' })).status).toBe(
      401,
    );
    const login = await post('/api/job-applicants/login', { email, password: 'Fresh-pass-2026' });
    expect(login.status).toBe(200);
    const profile = await json(
      await request('/api/job-applicants/me', {
        headers: { 'X-Applicant-Token': (await json(login)).token },
      }),
    );
    expect(profile.emailConfirmed).toBe(true);
    const apps = await env.DB.prepare('select count(*) as n from job_applications where applicant_id = ?')
      .bind(profile._id)
      .first<{ n: number }>();
    expect(apps!.n).toBe(0);
    // The code works once: the browser's challenge ended with the reset, and a copy of it kept from
    // before opens nothing either.
    expect(owner.cookies.has(challengeCookieName('reset'))).toBe(false);
    const copy = aBrowser();
    copy.cookies.set(challengeCookieName('reset'), challenge);
    const again = await copy.post('/api/job-applicants/reset-password', {
      email,
      otp,
      password: 'Other-pass-2026',
    });
    expect(again.status).toBe(400);
  });
});
