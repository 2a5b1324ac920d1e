import { REQUEST_RULES } from '#functions/middleware/rate-limit.ts';
import { LOGIN_LIMITS } from '#functions/services/accounts/login.ts';
import { describe, expect, it, vi, afterEach } from 'vitest';
import { env } from 'cloudflare:test';
import { desc, eq } from 'drizzle-orm';
import { createDb } from '#db/client.ts';
import { oneTimeCodes, outbox, users } from '#db/schema/index.ts';
import { aBrowser, request } from '#functions/test/fixtures/index.ts';
import { SIGN_IN_CODE_SENT } from '#schemas/sign-in.ts';
import { signToken } from '#functions/services/security/tokens.ts';
import { NO_SESSION, sessionToken } from '#functions/test/fixtures/index.ts';
import { CODE_RULES } from '#functions/services/security/codes.ts';

const db = createDb(env.DB);
let seq = 0;
const ip = () => `198.51.100.${(seq++ % 250) + 1}-${Math.random()}`;

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip(), ...headers },
    body: JSON.stringify(body),
  });
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let n = 0;
function newStudent(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    fullName: 'Ada Lovelace',
    academicStatus: 'Undergraduate',
    contactNumber: `+44 20 7946 ${String(Date.now() % 10000).padStart(4, '0')}${n}${Math.floor(Math.random() * 1e6)}`,
    email: `ada-${n}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    currentAddress: '1 Example Street, London',
    password: 'secret-pass',
    ...overrides,
  };
}

/** The newest e-mail sent to an address (the test outbox). */
async function latestMail(to: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to.toLowerCase()))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row;
}

async function latestCode(to: string) {
  return (await latestMail(to))?.text?.match(/\b(\d{6})\b/)?.[1];
}

/** The password reset code e-mailed to an address; the e-mail goes out after the response, so poll briefly. */
async function resetCode(to: string) {
  for (let i = 0; i < 100; i++) {
    const row = await latestMail(to);
    if (row && /password reset code/.test(row.subject)) return row.text?.match(/\b(\d{6})\b/)?.[1];
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

/** Registers, verifies and logs a student in from one browser; returns the token, the id and the browser. */
async function verifiedStudent(overrides: Record<string, unknown> = {}) {
  const data = newStudent(overrides);
  const browser = aBrowser();
  const reg = await browser.post('/api/users/register/', data);
  expect(reg.status).toBe(201);
  const { userId } = await reg.json<{ userId: string }>();
  const verify = await browser.post('/api/users/verify-otp', { userId, otp: await latestCode(data.email) });
  expect(verify.status).toBe(200);
  const login = await browser.post('/api/users/login', { email: data.email, password: data.password });
  expect(login.status).toBe(200);
  const { token } = await login.json<{ token: string }>();
  return { token, userId, data, browser };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/users/register/', () => {
  it('creates an unverified account, e-mails a code, and answers success, userId, message', async () => {
    const data = newStudent({ email: 'Grace.Hopper@Example.com' });
    const res = await post('/api/users/register/', data);
    expect(res.status).toBe(201);
    const body = await res.json<{ success: boolean; userId: string; message: string }>();
    expect(body).toMatchObject({ success: true, userId: expect.any(String), message: expect.any(String) });
    const [row] = await db.select().from(users).where(eq(users.id, body.userId));
    expect(row).toMatchObject({ email: 'grace.hopper@example.com', isVerified: false, role: 'student' });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, 'grace.hopper@example.com'));
    expect(mail!.subject).toMatch(/verification code/);
    expect(mail!.html).toContain((await latestCode('grace.hopper@example.com'))!);
  });

  it('accepts the path without the trailing slash too', async () => {
    const res = await post('/api/users/register', newStudent());
    expect(res.status).toBe(201);
  });

  it.each([
    ['fullName', { fullName: '' }, 'Full name is required'],
    ['fullName missing', { fullName: undefined }, 'Full name is required'],
    ['academicStatus', { academicStatus: ' ' }, 'Academic status is required'],
    ['contactNumber', { contactNumber: '' }, 'Contact number is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email shape', { email: 'not-an-email' }, 'Email is invalid'],
    ['currentAddress', { currentAddress: '' }, 'Address is required'],
    ['password', { password: '' }, 'Password is required'],
    ['short password', { password: '12345' }, 'Password must be at least 6 characters'],
  ])('rejects a bad %s with the spec message', async (_name, change, message) => {
    const res = await post('/api/users/register/', newStudent(change));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
  });

  it("answers 409 with the spec message for a verified account's e-mail (any case) or phone number", async () => {
    const { data: first } = await verifiedStudent();
    const sameEmail = await post('/api/users/register/', newStudent({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(await sameEmail.json()).toMatchObject({
      success: false,
      message: 'This email or phone number is already registered. Please use a different one.',
    });
    const samePhone = await post('/api/users/register/', newStudent({ contactNumber: first.contactNumber }));
    expect(samePhone.status).toBe(409);
  });
});

describe('POST /api/users/check-email', () => {
  it('tells the three outcomes apart and never gives out an id', async () => {
    const unknown = await post('/api/users/check-email', { email: 'nobody-here@example.com' });
    expect(await unknown.json()).toEqual({
      exists: false,
      userId: null,
      isComplete: false,
      isVerified: false,
    });

    const pending = newStudent();
    expect((await post('/api/users/register/', pending)).status).toBe(201);
    const res = await post('/api/users/check-email', { email: pending.email });
    expect(await res.json()).toEqual({ exists: true, userId: null, isComplete: false, isVerified: false });

    const done = await verifiedStudent();
    const res2 = await post('/api/users/check-email', { email: done.data.email });
    expect(await res2.json()).toEqual({ exists: true, userId: null, isComplete: true, isVerified: true });
  });

  it('validates the e-mail', async () => {
    const res = await post('/api/users/check-email', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: 'Email is invalid' });
  });

  it('is rate limited per address (a campus gets 200 an hour)', async () => {
    const headers = { 'CF-Connecting-IP': '203.0.113.77' };
    const max = REQUEST_RULES.checkEmail.perAddress.max;
    const answers = await Promise.all(
      Array.from({ length: max + 1 }, (_, i) =>
        post('/api/users/check-email', { email: `probe${i}@example.com` }, headers),
      ),
    );
    expect(answers.filter((r) => r.status === 429)).toHaveLength(1);
  });
});

describe('POST /api/users/verify-otp and resend-otp', () => {
  it('verifies with the e-mailed code, once', async () => {
    const data = newStudent();
    const { userId } = await (await post('/api/users/register/', data)).json<{ userId: string }>();
    const otp = (await latestCode(data.email))!;
    const res = await post('/api/users/verify-otp', { userId, otp });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row!.isVerified).toBe(true);
  });

  it('rejects a wrong code with a clear 400, and voids the code after 5 wrong tries', async () => {
    const data = newStudent();
    const { userId } = await (await post('/api/users/register/', data)).json<{ userId: string }>();
    const otp = (await latestCode(data.email))!;
    const wrong = otp === '000000' ? '111111' : '000000';
    // One guesser's address: past five tries its own are not judged (another address's first is).
    const from = { 'CF-Connecting-IP': `203.0.113.${Math.floor(Math.random() * 250)}` };
    const first = await post('/api/users/verify-otp', { userId, otp: wrong }, from);
    expect(first.status).toBe(400);
    expect(await first.json()).toMatchObject({
      success: false,
      message: 'Invalid or expired OTP. Please try again.',
    });
    for (let i = 0; i < 4; i++) await post('/api/users/verify-otp', { userId, otp: wrong }, from);
    const afterLimit = await post('/api/users/verify-otp', { userId, otp }, from);
    expect(afterLimit.status).toBe(400);
    expect(await afterLimit.json()).toMatchObject({
      success: false,
      message: 'Too many wrong attempts. Please request a new code.',
    });
  });

  it('rejects an expired code', async () => {
    const data = newStudent();
    const { userId } = await (await post('/api/users/register/', data)).json<{ userId: string }>();
    const otp = (await latestCode(data.email))!;
    // Age the code past its 10 minutes.
    await db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeCodes.accountId, userId));
    const res = await post('/api/users/verify-otp', { userId, otp });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'This code has expired. Please request a new one.',
    });
  });

  it.each([
    [{ otp: '12345' }, 'OTP must be 6 digits'],
    [{ otp: '12a456' }, 'OTP must be 6 digits'],
    [{ otp: undefined }, 'OTP must be 6 digits'],
  ])('validates the code %j', async (change, message) => {
    const res = await post('/api/users/verify-otp', Object.assign({ userId: 'x' }, change));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
  });

  it('answers 404 for an unknown account', async () => {
    const res = await post('/api/users/verify-otp', { userId: 'no-such-user', otp: '123456' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'Account not found. Please register again.',
    });
  });

  it('resends only after 60 seconds, at most 3 codes per 15 minutes, and the newest code works', async () => {
    const data = newStudent();
    const { userId } = await (await post('/api/users/register/', data)).json<{ userId: string }>();
    const tooSoon = await post('/api/users/resend-otp', { userId });
    expect(tooSoon.status).toBe(429);
    expect((await tooSoon.json<{ message: string }>()).message).toMatch(/^Please wait \d+ seconds/);

    // Move the earlier sends back in time instead of waiting.
    const back = async (ms: number) => {
      const rows = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.accountId, userId));
      for (const r of rows)
        await db
          .update(oneTimeCodes)
          .set({ createdAt: new Date(r.createdAt.getTime() - ms) })
          .where(eq(oneTimeCodes.id, r.id));
    };
    await back(CODE_RULES.resendWaitMs);
    const second = await post('/api/users/resend-otp', { userId });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ success: true, message: 'OTP has been resent to your email' });
    await back(CODE_RULES.resendWaitMs);
    expect((await post('/api/users/resend-otp', { userId })).status).toBe(200);
    await back(CODE_RULES.resendWaitMs);
    const fourth = await post('/api/users/resend-otp', { userId });
    expect(fourth.status).toBe(429);
    expect((await fourth.json<{ message: string }>()).message).toMatch(/^Too many codes requested/);

    const verify = await post('/api/users/verify-otp', { userId, otp: await latestCode(data.email) });
    expect(verify.status).toBe(200);
  });

  it('resend: spec message without a user id, 404 for an unknown one, 400 once verified', async () => {
    const missing = await post('/api/users/resend-otp', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      success: false,
      message: 'Unable to resend OTP. Please try registering again.',
    });
    expect((await post('/api/users/resend-otp', { userId: 'nope' })).status).toBe(404);
    const { userId } = await verifiedStudent();
    expect((await post('/api/users/resend-otp', { userId })).status).toBe(400);
  });
});

describe('POST /api/users/login', () => {
  it('answers success, message, token and user { id, fullName, email, role }', async () => {
    const { token, userId, data } = await verifiedStudent();
    expect(token.split('.')).toHaveLength(3);
    const res = await post('/api/users/login', { email: data.email.toUpperCase(), password: data.password });
    const body = await res.json<Record<string, unknown>>();
    expect(body).toEqual({
      success: true,
      message: 'Login successful',
      token: expect.any(String),
      user: { id: userId, fullName: data.fullName, email: data.email.toLowerCase(), role: 'student' },
    });
    const payload = JSON.parse(
      atob(String(body.token).split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({
      sub: userId,
      id: userId,
      aud: 'student',
      role: 'student',
      iss: 'bridgeway-global',
    });
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const { data } = await verifiedStudent();
    const wrong = await post('/api/users/login', { email: data.email, password: 'wrong-password' });
    const unknown = await post('/api/users/login', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('refuses an unverified account with 403, a clear message and the id to get a new code', async () => {
    const data = newStudent();
    const { userId } = await (await post('/api/users/register/', data)).json<{ userId: string }>();
    const res = await post('/api/users/login', { email: data.email, password: data.password });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      success: false,
      needsVerification: true,
      userId,
      message: expect.stringMatching(/not verified/),
    });
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: 'bad' }, 'Email is invalid'],
    [{ password: '' }, 'Password is required'],
  ])('validates %j', async (change, message) => {
    const res = await post('/api/users/login', { email: 'a@example.com', password: 'x', ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
  });

  it('limits failed logins per account from unknown browsers (a code, not a 429, past it), never the owner’s browser, and the window ends', async () => {
    const { data, browser: owner } = await verifiedStudent();
    const guesser = aBrowser();
    const login = (password: string) => guesser.post('/api/users/login', { email: data.email, password });
    for (let i = 0; i < LOGIN_LIMITS.unknownDevices.max; i++) {
      const wrong = await login(`wrong-pass-${i}`);
      expect(wrong.status).toBe(401);
      expect((await wrong.json<{ message: string }>()).message).toBe('Invalid email or password');
    }
    // Past the limit no password is judged from a browser the account does not know, the right one
    // neither, and the address is not refused: an e-mailed code is asked for.
    const blocked = await login(data.password);
    expect(blocked.status).toBe(401);
    expect(await blocked.json()).toEqual({ success: false, message: SIGN_IN_CODE_SENT, codeRequired: true });
    expect((await latestMail(data.email))!.subject).toMatch(/sign-in code/);
    // The browser the owner signed in from before is judged on its own.
    expect(
      (await owner.post('/api/users/login', { email: data.email, password: data.password })).status,
    ).toBe(200);
    // The window is 15 minutes: afterwards the real password works again from anywhere.
    await env.DB.prepare('update rate_limits set window_start = window_start - ? where key = ?')
      .bind(16 * 60 * 1000, `person-login-unknown-devices:${data.email}`)
      .run();
    expect((await login(data.password)).status).toBe(200);
  });

  it('rate limits per address too (counted before the password is checked)', async () => {
    const headers = { 'CF-Connecting-IP': '203.0.113.9' };
    // The address's window already holds all but one of its sign-ins (100 scrypt checks would take minutes here).
    const now = Date.now();
    await env.DB.prepare(
      'insert or replace into rate_limits (key, window_start, count, expires_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
    )
      .bind('person-login-address:203.0.113.9', now, LOGIN_LIMITS.perAddress.max - 1, now + 900_000, now, now)
      .run();
    const last = await post('/api/users/login', { email: 'x0@example.com', password: 'whatever' }, headers);
    expect(last.status).toBe(401);
    const refused = await post(
      '/api/users/login',
      { email: 'x1@example.com', password: 'whatever' },
      headers,
    );
    expect(refused.status).toBe(429);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and resets with the code; old tokens stop working', async () => {
    const { data, token } = await verifiedStudent();
    const unknown = await aBrowser().post('/api/users/forgot-password', {
      email: 'nobody-at-all@example.com',
    });
    // The reset runs in the browser that asked for the code: the code answers nowhere else.
    const owner = aBrowser();
    const known = await owner.post('/api/users/forgot-password', { email: data.email });
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const otp = (await resetCode(data.email))!;
    // The token was issued earlier (whole seconds): move the clock on before the reset.
    await new Promise((r) => setTimeout(r, 1100));
    // The right code from a browser that did not ask for it: refused.
    expect(
      (await post('/api/users/reset-password', { email: data.email, otp, password: 'new-secret' })).status,
    ).toBe(400);
    const wrong = await owner.post('/api/users/reset-password', {
      email: data.email,
      otp: otp === '000000' ? '111111' : '000000',
      password: 'new-secret',
    });
    expect(wrong.status).toBe(400);
    const res = await owner.post('/api/users/reset-password', {
      email: data.email,
      otp,
      password: 'new-secret',
    });
    expect(res.status).toBe(200);
    expect((await request('/api/users/profile', { headers: bearer(token) })).status).toBe(401);
    expect((await post('/api/users/login', { email: data.email, password: data.password })).status).toBe(401);
    expect((await post('/api/users/login', { email: data.email, password: 'new-secret' })).status).toBe(200);
  });

  it('validates the new password and code', async () => {
    const res = await post('/api/users/reset-password', {
      email: 'a@example.com',
      otp: '123456',
      password: '123',
    });
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'Password must be at least 6 characters',
    });
    const res2 = await post('/api/users/reset-password', {
      email: 'a@example.com',
      otp: '12',
      password: '123456',
    });
    expect(await res2.json()).toMatchObject({ success: false, message: 'OTP must be 6 digits' });
  });
});

describe('GET /api/users/profile', () => {
  it('returns the user with education, documents, language and applications', async () => {
    const { token, userId, data } = await verifiedStudent();
    const res = await request(`/api/users/profile?t=${Date.now()}`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = await res.json<{ success: boolean; debug: boolean; user: Record<string, unknown> }>();
    expect(body.success).toBe(true);
    expect(body.debug).toBe(false);
    expect(body.user).toMatchObject({
      _id: userId,
      id: userId,
      fullName: data.fullName,
      email: data.email,
      role: 'student',
      academicStatus: data.academicStatus,
      contactNumber: data.contactNumber,
      currentAddress: data.currentAddress,
      isVerified: true,
      createdAt: expect.any(String),
      education: [],
      documents: [],
      language: [],
      applications: [],
    });
  });

  it('refuses no token, a token signed with another key, alg none, an expired token, and another account type', async () => {
    const { userId } = await verifiedStudent();
    expect((await request('/api/users/profile')).status).toBe(401);
    const forged = await signToken('another-secret-another-secret-123456', 'bridgeway-global', {
      sub: userId,
      aud: 'student',
      role: 'student',
      sid: NO_SESSION,
    });
    expect((await request('/api/users/profile', { headers: bearer(forged) })).status).toBe(401);
    const b64 = (o: unknown) =>
      btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const now = Math.floor(Date.now() / 1000);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: userId, aud: 'student', role: 'student', iss: 'bridgeway-global', iat: now, exp: now + 600 })}.`;
    expect((await request('/api/users/profile', { headers: bearer(none) })).status).toBe(401);
    const expired = await signToken(
      env.TOKEN_SECRET,
      'bridgeway-global',
      { sub: userId, aud: 'student', role: 'student', sid: NO_SESSION },
      Date.now() - 2 * 60 * 60 * 1000,
    );
    const res = await request('/api/users/profile', { headers: bearer(expired) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'Your session has expired. Please log in again.',
    });
    const partner = await signToken(env.TOKEN_SECRET, 'bridgeway-global', {
      sub: userId,
      aud: 'partner',
      role: 'partner',
      sid: NO_SESSION,
    });
    expect((await request('/api/users/profile', { headers: bearer(partner) })).status).toBe(403);
  });

  it('renews a token close to expiry in X-Renewed-Token', async () => {
    const { userId } = await verifiedStudent();
    const old = await sessionToken(
      { sub: userId, aud: 'student', role: 'student' },
      Date.now() - 45 * 60 * 1000,
    );
    const res = await request('/api/users/profile', { headers: bearer(old) });
    expect(res.status).toBe(200);
    const renewed = res.headers.get('X-Renewed-Token');
    expect(renewed).toBeTruthy();
    expect((await request('/api/users/profile', { headers: bearer(renewed!) })).status).toBe(200);
  });
});

const education = {
  educationLevel: "Bachelor's Degree",
  instituteName: 'University of Dhaka',
  program: 'Computer Science',
  degree: 'BSc',
  passingYear: '2024',
  gpa: '3.7',
};

describe('education', () => {
  it('adds, edits with _id, lists and deletes a record', async () => {
    const { token } = await verifiedStudent();
    const add = await post('/api/users/education', education, bearer(token));
    expect(add.status).toBe(201);
    const added = await add.json<{ success: boolean; message: string; education: { _id: string } }>();
    expect(added).toMatchObject({ success: true, message: 'Education information added successfully' });
    const edit = await post(
      '/api/users/education',
      { ...education, _id: added.education._id, gpa: '3.9' },
      bearer(token),
    );
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({
      success: true,
      education: { _id: added.education._id, gpa: '3.9', country: null },
    });
    const profile = await (
      await request('/api/users/profile', { headers: bearer(token) })
    ).json<{
      user: { education: unknown[] };
    }>();
    expect(profile.user.education).toEqual([
      expect.objectContaining({ _id: added.education._id, instituteName: 'University of Dhaka', gpa: '3.9' }),
    ]);
    const del = await request(`/api/users/education/${added.education._id}`, {
      method: 'DELETE',
      headers: bearer(token),
    });
    expect(del.status).toBe(200);
    const again = await (
      await request('/api/users/profile', { headers: bearer(token) })
    ).json<{
      user: { education: unknown[] };
    }>();
    expect(again.user.education).toEqual([]);
  });

  it.each([
    [{ educationLevel: undefined }, 'Education level is required'],
    [{ educationLevel: 'Kindergarten' }, 'Education level is required'],
    [{ instituteName: '' }, 'Institute name is required'],
    [{ program: '' }, 'Program is required'],
    [{ degree: ' ' }, 'Degree is required'],
  ])('validates %j', async (change, message) => {
    const { token } = await verifiedStudent();
    const res = await post('/api/users/education', { ...education, ...change }, bearer(token));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
  });

  it("cannot edit or delete another student's record (404) and needs a token (401)", async () => {
    const a = await verifiedStudent();
    const b = await verifiedStudent();
    const { education: rec } = await (
      await post('/api/users/education', education, bearer(a.token))
    ).json<{ education: { _id: string } }>();
    const edit = await post(
      '/api/users/education',
      { ...education, _id: rec._id, degree: 'Hacked' },
      bearer(b.token),
    );
    expect(edit.status).toBe(404);
    const del = await request(`/api/users/education/${rec._id}`, {
      method: 'DELETE',
      headers: bearer(b.token),
    });
    expect(del.status).toBe(404);
    expect((await post('/api/users/education', education)).status).toBe(401);
    const profile = await (
      await request('/api/users/profile', { headers: bearer(a.token) })
    ).json<{
      user: { education: { degree: string }[] };
    }>();
    expect(profile.user.education[0]!.degree).toBe('BSc');
  });
});

describe('language qualifications', () => {
  it('adds, edits, deletes, validates, and keeps students apart', async () => {
    const a = await verifiedStudent();
    const b = await verifiedStudent();
    const add = await post('/api/users/language', { qualification: 'IELTS 7.5' }, bearer(a.token));
    expect(add.status).toBe(201);
    const { language } = await add.json<{ language: { _id: string } }>();
    const edit = await post(
      '/api/users/language',
      { _id: language._id, qualification: 'IELTS 8.0' },
      bearer(a.token),
    );
    expect(await edit.json()).toMatchObject({
      success: true,
      language: { _id: language._id, qualification: 'IELTS 8.0' },
    });
    const empty = await post('/api/users/language', { qualification: '  ' }, bearer(a.token));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ success: false, message: 'Qualification is required' });
    expect(
      (await post('/api/users/language', { _id: language._id, qualification: 'x' }, bearer(b.token))).status,
    ).toBe(404);
    expect(
      (await request(`/api/users/language/${language._id}`, { method: 'DELETE', headers: bearer(b.token) }))
        .status,
    ).toBe(404);
    expect(
      (await request(`/api/users/language/${language._id}`, { method: 'DELETE', headers: bearer(a.token) }))
        .status,
    ).toBe(200);
    expect(
      (await request(`/api/users/language/${language._id}`, { method: 'DELETE', headers: bearer(a.token) }))
        .status,
    ).toBe(404);
  });
});

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function upload(
  token: string | null,
  parts: { file?: File; documentType?: string },
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  if (parts.file) form.append('document', parts.file);
  if (parts.documentType !== undefined) form.append('documentType', parts.documentType);
  return request('/api/users/document', {
    method: 'POST',
    headers: { ...(token ? bearer(token) : {}), ...headers },
    body: form,
  });
}

describe('documents', () => {
  it('uploads a PDF to R2, lists it with a download URL, downloads it with its name, and deletes row and object', async () => {
    const { token, userId } = await verifiedStudent();
    const res = await upload(token, {
      file: new File([PDF], 'transcript.pdf', { type: 'application/pdf' }),
      documentType: 'Academic Transcript',
    });
    expect(res.status).toBe(201);
    const { document } = await res.json<{
      document: { _id: string; documentUrl: string; documentType: string; uploadDate: string };
    }>();
    expect(document).toMatchObject({
      documentType: 'Academic Transcript',
      documentUrl: `/api/users/document/${document._id}`,
      uploadDate: expect.any(String),
    });
    const listed = await env.FILES.list({ prefix: `documents/${userId}/` });
    expect(listed.objects).toHaveLength(1);
    expect(listed.objects[0]!.key).not.toContain('transcript');

    const profile = await (
      await request('/api/users/profile', { headers: bearer(token) })
    ).json<{
      user: { documents: { _id: string }[] };
    }>();
    expect(profile.user.documents.map((d) => d._id)).toEqual([document._id]);

    const download = await request(document.documentUrl, { headers: bearer(token) });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Disposition')).toContain('filename="transcript.pdf"');
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);

    const del = await request(document.documentUrl, { method: 'DELETE', headers: bearer(token) });
    expect(del.status).toBe(200);
    expect((await env.FILES.list({ prefix: `documents/${userId}/` })).objects).toHaveLength(0);
    expect((await request(document.documentUrl, { headers: bearer(token) })).status).toBe(404);
  });

  it('accepts a PNG and requires both a file and a type', async () => {
    const { token } = await verifiedStudent();
    expect(
      (await upload(token, { file: new File([PNG], 'passport.png'), documentType: 'Passport' })).status,
    ).toBe(201);
    for (const parts of [
      { documentType: 'Passport' },
      { file: new File([PDF], 'a.pdf') },
      { file: new File([PDF], 'a.pdf'), documentType: 'Selfie' },
    ]) {
      const res = await upload(token, parts);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        message: 'Please select a file and document type',
      });
    }
  });

  it('judges the type by the bytes: a renamed file and an unsupported file are refused', async () => {
    const { token } = await verifiedStudent();
    const renamed = await upload(token, {
      file: new File([new TextEncoder().encode('MZ\x90\x00 not a pdf')], 'cv.pdf', {
        type: 'application/pdf',
      }),
      documentType: 'CV/Resume',
    });
    expect(renamed.status).toBe(415);
    expect(await renamed.json()).toMatchObject({
      success: false,
      message: 'Only PDF, DOC, DOCX, JPG, JPEG, PNG files are allowed',
    });
    const pngAsPdf = await upload(token, { file: new File([PNG], 'cv.pdf'), documentType: 'CV/Resume' });
    expect(pngAsPdf.status).toBe(415);
  });

  it('refuses 10 MB + 1 byte with 413, and a declared oversize body before reading it', async () => {
    const { token } = await verifiedStudent();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    const res = await upload(token, { file: new File([big], 'big.pdf'), documentType: 'Other' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: 'File size must be less than 10MB' });

    const declared = await request('/api/users/document', {
      method: 'POST',
      headers: {
        ...bearer(token),
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(50 * 1024 * 1024),
      },
      body: 'x',
    });
    expect(declared.status).toBe(413);
  });

  it("cannot read or delete another student's document", async () => {
    const a = await verifiedStudent();
    const b = await verifiedStudent();
    const { document } = await (
      await upload(a.token, { file: new File([PDF], 'mine.pdf'), documentType: 'Passport' })
    ).json<{ document: { documentUrl: string } }>();
    expect((await request(document.documentUrl, { headers: bearer(b.token) })).status).toBe(404);
    expect((await request(document.documentUrl, { method: 'DELETE', headers: bearer(b.token) })).status).toBe(
      404,
    );
    expect((await request(document.documentUrl)).status).toBe(401);
    expect((await upload(null, { file: new File([PDF], 'a.pdf'), documentType: 'Passport' })).status).toBe(
      401,
    );
    expect((await request(document.documentUrl, { headers: bearer(a.token) })).status).toBe(200);
  });
});
