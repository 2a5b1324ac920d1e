// Issue 30 item 3: nobody keeps an account locked. Others' wrong passwords and codes never stop the
// owner: past an account's failure limit, a right password from an address that has not tried it
// gets an e-mailed code (staff: their second factor), and a right code from such an address is
// judged. The counters stay single conditional statements: parallel tries prove it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REQUEST_RULES } from './middleware/rate-limit.ts';
import { LOGIN_LIMITS } from './services/accounts/login.ts';
import { currentTotp } from './services/accounts/staff-mfa.ts';
import { STAFF_CHALLENGE_COOKIE } from './lib/staff-cookies.ts';
import { SIGN_IN_CODE_SENT } from '#schemas/sign-in.ts';
import {
  STAFF_PASSWORD,
  cookieFrom,
  makeStaff,
  partnerRegistration,
  postJson,
  studentRegistration,
  waitForCode,
} from './test/fixtures/index.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();
let counter = 0;
/** An IPv4 client address of its own (documentation range 3). */
const fresh = () => `203.0.113.${counter++ % 250}`;
const from = (ip: string) => ({ 'CF-Connecting-IP': ip });
let v6 = 0;
/** A client address never used before: an IPv6 /64 of its own. */
const newAddress = () =>
  `2001:db8:${(0x3000 + v6++).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;

async function verifiedStudent() {
  const form = studentRegistration();
  const reg = await postJson('/api/users/register/', form, from(newAddress()));
  const { userId } = await json(reg);
  const otp = await waitForCode(form.email, /verification code/);
  expect((await postJson('/api/users/verify-otp', { userId, otp }, from(newAddress()))).status).toBe(200);
  return { email: form.email, password: form.password };
}

async function verifiedPartner() {
  const form = partnerRegistration();
  await postJson('/api/partner/register', form, from(newAddress()));
  const otp = await waitForCode(form.ownerEmail, /verification code/);
  expect(
    (await postJson('/api/partner/verify-otp', { email: form.ownerEmail, otp }, from(newAddress()))).status,
  ).toBe(200);
  return { email: form.ownerEmail, password: form.password };
}

async function applicant() {
  const email = `locked-${crypto.randomUUID()}@example.com`;
  const res = await postJson(
    '/api/job-applicants/register',
    { fullName: 'Locked Seeker', email, phone: '020 7946 0111', password: 'Seeker-pass-2026' },
    from(newAddress()),
  );
  expect(res.status).toBe(201);
  return { email, password: 'Seeker-pass-2026' };
}

const kinds = [
  { name: 'student', path: '/api/users/login', account: verifiedStudent },
  { name: 'partner', path: '/api/partner/login', account: verifiedPartner },
  { name: 'job applicant', path: '/api/job-applicants/login', account: applicant },
] as const;

describe('sign-in past the failure limit', () => {
  it.each(kinds)(
    '$name: others’ wrong passwords keep nobody out; a right password from a new address gets an e-mailed code that finishes signing in',
    async ({ path, account }) => {
      const { email, password } = await account();
      const attacker = newAddress();
      for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++)
        expect((await postJson(path, { email, password: `wrong-${i}` }, from(attacker))).status).toBe(401);
      // The address that failed stays refused, even with the right password.
      const refused = await postJson(path, { email, password }, from(attacker));
      expect(refused.status).toBe(429);

      // The owner, from their own network: not 429, an e-mailed code.
      const owner = newAddress();
      const answer = await postJson(path, { email, password }, from(owner));
      expect(answer.status).toBe(401);
      expect(await json(answer)).toEqual({ success: false, message: SIGN_IN_CODE_SENT, codeRequired: true });
      const code = await waitForCode(email, /sign-in code/);
      // A wrong code, or the code with a wrong password, signs nobody in.
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await postJson(path, { email, password, code: wrong }, from(owner))).status).toBe(400);
      const done = await postJson(path, { email, password, code }, from(owner));
      expect(done.status).toBe(200);
      expect((await json(done)).token).toEqual(expect.any(String));
      // The code worked once.
      expect((await postJson(path, { email, password, code }, from(owner))).status).toBe(400);
    },
  );

  it('a code without the mailbox is no way round the limit: sending any code does not judge a password', async () => {
    const { email } = await verifiedStudent();
    const attacker = newAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++)
      await postJson('/api/users/login', { email, password: `wrong-${i}` }, from(attacker));
    const guess = await postJson(
      '/api/users/login',
      { email, password: 'guess', code: '123456' },
      from(newAddress()),
    );
    expect(guess.status).toBe(400);
    expect((await json(guess)).message).toMatch(/That code is not right/);
  });

  it('past the limit, 20 parallel tries from one new address: exactly one is judged', async () => {
    const { email, password } = await verifiedStudent();
    const attacker = newAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++)
      await postJson('/api/users/login', { email, password: `wrong-${i}` }, from(attacker));
    const ip = newAddress();
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postJson('/api/users/login', { email, password: i === 0 ? password : `wrong-${i}` }, from(ip)),
      ),
    );
    const statuses = tries.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(1);
    const pair = await env.DB.prepare('select count from rate_limits where key = ?')
      .bind(`student-login-pair:${ip.split(':').slice(0, 4).join(':')}::/64:${email}`)
      .first<{ count: number }>();
    expect(pair!.count).toBe(LOGIN_LIMITS.perAccount.max);
  });

  it('staff past the limit give their authenticator code as usual', async () => {
    const admin = await makeStaff('admin');
    const attacker = newAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++)
      await postJson('/api/admin/auth/login', { email: admin.email, password: `wrong-${i}` }, from(attacker));
    expect(
      (
        await postJson(
          '/api/admin/auth/login',
          { email: admin.email, password: STAFF_PASSWORD },
          from(attacker),
        )
      ).status,
    ).toBe(429);
    const owner = newAddress();
    const step = await postJson(
      '/api/admin/auth/login',
      { email: admin.email, password: STAFF_PASSWORD },
      from(owner),
    );
    expect(step.status).toBe(200);
    expect(await json(step)).toEqual({ success: true, step: 'mfa' });
    const challenge = cookieFrom(step, STAFF_CHALLENGE_COOKIE)!;
    const mfa = await postJson(
      '/api/admin/auth/mfa',
      { code: currentTotp(admin.totpSecret!) },
      { ...from(owner), Cookie: `${STAFF_CHALLENGE_COOKIE}=${challenge}`, Origin: 'http://127.0.0.1:8787' },
    );
    expect(mfa.status).toBe(200);
  });

  it('an editor without an authenticator sets one up when signing in past the limit', async () => {
    const editor = await makeStaff('editor');
    const attacker = newAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++)
      await postJson(
        '/api/admin/auth/login',
        { email: editor.email, password: `wrong-${i}` },
        from(attacker),
      );
    const step = await postJson(
      '/api/admin/auth/login',
      { email: editor.email, password: STAFF_PASSWORD },
      from(newAddress()),
    );
    expect(await json(step)).toEqual({ success: true, step: 'enrol' });
  });
});

describe('codes past the failure limit', () => {
  it('a right reset code from the owner is judged after others burned the account’s tries and the code’s', async () => {
    const { email } = await verifiedStudent();
    expect((await postJson('/api/users/forgot-password', { email }, from(newAddress()))).status).toBe(200);
    const code = await waitForCode(email, /password reset code/);
    const wrong = code === '000000' ? '111111' : '000000';
    // Others, from two addresses, use up the account's limit and the code's five tries.
    for (const ip of [newAddress(), newAddress()])
      for (let i = 0; i < REQUEST_RULES.reset.perAccount.max; i++)
        await postJson(
          '/api/users/reset-password',
          { email, otp: wrong, password: 'Taken-over-77' },
          from(ip),
        );
    const owner = await postJson(
      '/api/users/reset-password',
      { email, otp: code, password: 'Owners-new-pass-9' },
      from(newAddress()),
    );
    expect(owner.status).toBe(200);
    expect(
      (await postJson('/api/users/login', { email, password: 'Owners-new-pass-9' }, from(newAddress())))
        .status,
    ).toBe(200);
  });

  it('a right partner verification code is judged after others burned guesses on the address', async () => {
    const form = partnerRegistration();
    await postJson('/api/partner/register', form, from(newAddress()));
    const code = await waitForCode(form.ownerEmail, /verification code/);
    const wrong = code === '000000' ? '111111' : '000000';
    const attacker = newAddress();
    for (let i = 0; i < REQUEST_RULES.verify.perAccount.max; i++)
      await postJson('/api/partner/verify-otp', { email: form.ownerEmail, otp: wrong }, from(attacker));
    expect(
      (await postJson('/api/partner/verify-otp', { email: form.ownerEmail, otp: code }, from(attacker)))
        .status,
    ).toBe(429);
    const owner = await postJson(
      '/api/partner/verify-otp',
      { email: form.ownerEmail, otp: code },
      from(newAddress()),
    );
    expect(owner.status).toBe(200);
  });

  it('a code is never judged more than 10 times, however many new addresses try it at once', async () => {
    const { email } = await verifiedStudent();
    await postJson('/api/users/forgot-password', { email }, from(newAddress()));
    const code = await waitForCode(email, /password reset code/);
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(
      Array.from({ length: 40 }, () =>
        postJson(
          '/api/users/reset-password',
          { email, otp: wrong, password: 'Taken-over-77' },
          from(newAddress()),
        ),
      ),
    );
    const row = await env.DB.prepare(
      "select attempts from one_time_codes where purpose = 'reset' and account_id = (select id from users where email = ?)",
    )
      .bind(email)
      .first<{ attempts: number }>();
    expect(row!.attempts).toBe(10);
  });

  it('staff second factor: tries burned by someone with the password do not keep the owner out', async () => {
    const admin = await makeStaff('admin');
    const stepFrom = async (ip: string) => {
      const res = await postJson(
        '/api/admin/auth/login',
        { email: admin.email, password: STAFF_PASSWORD },
        from(ip),
      );
      return cookieFrom(res, STAFF_CHALLENGE_COOKIE)!;
    };
    const mfa = (ip: string, challenge: string, code: string) =>
      postJson(
        '/api/admin/auth/mfa',
        { code },
        {
          ...from(ip),
          Cookie: `${STAFF_CHALLENGE_COOKIE}=${challenge}`,
          Origin: 'http://127.0.0.1:8787',
        },
      );
    const attacker = newAddress();
    const theirs = await stepFrom(attacker);
    const right = currentTotp(admin.totpSecret!);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await mfa(attacker, theirs, wrong)).status).toBe(401);
    expect((await mfa(attacker, theirs, wrong)).status).toBe(429);
    const owner = newAddress();
    expect((await mfa(owner, await stepFrom(owner), currentTotp(admin.totpSecret!))).status).toBe(200);
  });
});

describe('a ceiling where no code counts its own tries', () => {
  it('staff second factor: of 20 parallel wrong codes from 20 new addresses, at most 10 are judged', async () => {
    const admin = await makeStaff('admin');
    const challenge = cookieFrom(
      await postJson(
        '/api/admin/auth/login',
        { email: admin.email, password: STAFF_PASSWORD },
        from(newAddress()),
      ),
      STAFF_CHALLENGE_COOKIE,
    )!;
    const right = currentTotp(admin.totpSecret!);
    const wrong = right === '123456' ? '654321' : '123456';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postJson(
          '/api/admin/auth/mfa',
          { code: wrong },
          {
            ...from(newAddress()),
            Cookie: `${STAFF_CHALLENGE_COOKIE}=${challenge}`,
            Origin: 'http://127.0.0.1:8787',
          },
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe('per-address limits let a campus through', () => {
  it('at least 100 registrations and verifications an hour from one address', async () => {
    for (const rule of [REQUEST_RULES.register, REQUEST_RULES.verify, REQUEST_RULES.checkEmail]) {
      expect((rule.perAddress.max * 3600) / rule.perAddress.windowSeconds).toBeGreaterThanOrEqual(100);
    }
    // The 101st registration from one address in an hour goes through.
    const campus = fresh();
    const now = Date.now();
    await env.DB.prepare(
      'insert into rate_limits (key, window_start, count, expires_at, created_at, updated_at) values (?, ?, 100, ?, ?, ?)',
    )
      .bind(`student-register-address:${campus}`, now, now + 3600_000, now, now)
      .run();
    const form = studentRegistration();
    const res = await postJson('/api/users/register/', form, from(campus));
    expect(res.status).toBe(201);
    const { userId } = await json(res);
    await env.DB.prepare(
      'insert into rate_limits (key, window_start, count, expires_at, created_at, updated_at) values (?, ?, 100, ?, ?, ?)',
    )
      .bind(`student-verify-address:${campus}`, now, now + 3600_000, now, now)
      .run();
    const otp = await waitForCode(form.email, /verification code/);
    expect((await postJson('/api/users/verify-otp', { userId, otp }, from(campus))).status).toBe(200);
  });
});
