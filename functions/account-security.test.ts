// The account-takeover paths and common passwords, over HTTP through
// the real Worker on real D1. Each test is the one that would have caught the defect.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REQUEST_RULES, type RequestRule } from './middleware/rate-limit.ts';
import { CRONS, runScheduled } from './scheduled/index.ts';
import { CODE_RULES } from './services/security/codes.ts';
import { COMMON_PASSWORD_MESSAGE } from './services/security/common-passwords.ts';
import { users } from '#db/schema/index.ts';
import { auth as staffAuth, makeStaff, db } from './test/fixtures/index.ts';
import { aBrowser, partnerRegistration, postJson, type Browser } from './test/fixtures/index.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();
const uid = () => crypto.randomUUID().slice(0, 8);
let counter = 0;
/** A client address of its own (documentation ranges). */
const address = () => ({ 'CF-Connecting-IP': `198.18.${(counter >> 8) & 255}.${counter++ & 255}` });
const from = (ip: string, extra: Record<string, string> = {}) => ({ 'CF-Connecting-IP': ip, ...extra });

const student = (o: Record<string, unknown> = {}) => ({
  fullName: 'Alice Owner',
  academicStatus: 'Undergraduate Student',
  contactNumber: `+44 20 7946 ${uid()}`,
  email: `student-${uid()}@example.com`,
  currentAddress: '1 Example Street, London',
  password: 'Owner-pass-2026',
  ...o,
});

const partner = (o: Record<string, unknown> = {}) =>
  partnerRegistration({
    companyName: 'Owner Learning Ltd',
    ownerLastName: 'Owner',
    ownerEmail: `partner-${uid()}@example.com`,
    password: 'Owner-pass-2026',
    ...o,
  });

/** The codes e-mailed to an address, newest first (the test mailbox). */
async function codesFor(to: string) {
  const rows = await env.DB.prepare(
    'select text from outbox where "to" = ? order by created_at desc, rowid desc',
  )
    .bind(to.toLowerCase())
    .all<{ text: string }>();
  return rows.results.map((r) => r.text.match(/\b(\d{6})\b/)?.[1]).filter((c): c is string => !!c);
}
const newestCode = async (to: string) => (await codesFor(to))[0]!;

/** The password reset code; it is e-mailed after the response, so poll briefly. */
async function resetCode(to: string) {
  for (let i = 0; i < 100; i++) {
    const row = await env.DB.prepare(
      'select subject, text from outbox where "to" = ? order by created_at desc, rowid desc limit 1',
    )
      .bind(to.toLowerCase())
      .first<{ subject: string; text: string }>();
    if (row && /password reset code/.test(row.subject)) return row.text.match(/\b(\d{6})\b/)![1]!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no reset code for ${to}`);
}

/** Moves an account's codes back in time (the next registrant arrives later than the 60-second wait). */
const ageCodes = (type: string, id: string, ms: number) =>
  env.DB.prepare(
    'update one_time_codes set created_at = created_at - ? where account_type = ? and account_id = ?',
  )
    .bind(ms, type, id)
    .run();

/** The calls the student registration wizard makes (RegistrationWizard.tsx submitInfo). */
async function wizardRegister(data: ReturnType<typeof student>) {
  const check = await json(await postJson('/api/users/check-email', { email: data.email }, address()));
  if (check.isComplete || check.isVerified)
    throw new Error('the wizard would send this person to the login page');
  return postJson('/api/users/register/', data, address());
}
const studentLogin = (email: string, password: string) =>
  postJson('/api/users/login', { email, password }, address());
const partnerLogin = (email: string, password: string) =>
  postJson('/api/partner/login', { email, password }, address());

async function verifiedStudent() {
  const data = student();
  const { userId } = await json(await wizardRegister(data));
  expect(
    (await postJson('/api/users/verify-otp', { userId, otp: await newestCode(data.email) }, address()))
      .status,
  ).toBe(200);
  return { ...data, userId: userId as string };
}

describe('code tries are counted before they are judged', () => {
  it('a password reset after 50 parallel wrong guesses fails: strangers’ reach nothing, the asking browser’s are judged 5 at most, and never more than 10 in all', async () => {
    const account = await verifiedStudent();
    const owner = aBrowser();
    expect((await owner.post('/api/users/forgot-password', { email: account.email })).status).toBe(200);
    const code = await resetCode(account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = (browser: Browser, otp: string) =>
      browser.post('/api/users/reset-password', { email: account.email, otp, password: 'Taken-over-77' });
    const tries = async () =>
      (await env.DB.prepare(
        // A person's reset code is the person's, whatever door asked for it (people.ts).
        "select attempts from one_time_codes where account_type = 'person' and account_id = (select person_id from users where id = ?) and purpose = 'reset'",
      )
        .bind(account.userId)
        .first<{ attempts: number }>())!.attempts;
    // A quarter of an hour later: the request limits' windows have ended (the code's own lifetime is left as it is).
    const laterOn = () =>
      env.DB.prepare('delete from rate_limits where key like ?').bind(`student-reset-%`).run();

    // Strangers' browsers hold no challenge of the code: however many at once, none is compared with it.
    const strangers = await Promise.all(Array.from({ length: 50 }, () => reset(aBrowser(), wrong)));
    expect(strangers.map((r) => r.status).filter((s) => s !== 400 && s !== 429)).toEqual([]);
    expect(await tries()).toBe(0);

    // Tries under the code's own challenge (the asking browser, or a copy of its cookie) are counted
    // before they are judged: after the challenge's first try, 50 at once get 4 more judged, no more.
    await laterOn();
    expect((await reset(owner, wrong)).status).toBe(400);
    const guesses = await Promise.all(Array.from({ length: 50 }, () => reset(owner, wrong)));
    expect(guesses.map((r) => r.status).filter((s) => s !== 400 && s !== 429)).toEqual([]);
    expect(await tries()).toBe(CODE_RULES.maxAttempts);
    expect((await reset(owner, code)).status).not.toBe(200);

    // Past 5 only each window's first try is judged, up to the code's hard limit; then even the right
    // code is refused for good.
    for (let i = CODE_RULES.maxAttempts; i < CODE_RULES.maxAttemptsFirstTry; i++) {
      await laterOn();
      await Promise.all(Array.from({ length: 10 }, () => reset(owner, wrong)));
      expect(await tries()).toBe(i + 1);
    }
    expect(await tries()).toBe(CODE_RULES.maxAttemptsFirstTry);
    await laterOn();
    const later = await reset(owner, code);
    expect(later.status).toBe(400);
    expect(await json(later)).toMatchObject({
      success: false,
      message: 'Invalid or expired OTP. Please try again.',
    });
    expect(await tries()).toBe(CODE_RULES.maxAttemptsFirstTry);
    expect((await studentLogin(account.email, 'Taken-over-77')).status).toBe(401);
    expect((await studentLogin(account.email, account.password)).status).toBe(200);
  });

  it('a verification after 50 parallel wrong guesses fails: 5 judged at once, then one a window, never more than 10', async () => {
    const data = student();
    const { userId } = await json(await wizardRegister(data));
    const code = await newestCode(data.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (otp: string) => postJson('/api/users/verify-otp', { userId, otp }, address());
    const tries = async () =>
      (await env.DB.prepare(
        "select attempts from one_time_codes where account_type = 'student' and account_id = ? and purpose = 'verify'",
      )
        .bind(userId)
        .first<{ attempts: number }>())!.attempts;
    const laterOn = () =>
      env.DB.prepare('delete from rate_limits where key like ?').bind(`student-verify-%`).run();
    // The registration's first try, then 50 at once from as many addresses (new addresses buy nothing).
    expect((await verify(wrong)).status).toBe(400);
    await Promise.all(Array.from({ length: 50 }, () => verify(wrong)));
    expect(await tries()).toBe(CODE_RULES.maxAttempts);
    expect((await verify(code)).status).not.toBe(200);
    // Past 5 only each window's first try is judged, up to the code's hard limit.
    for (let i = CODE_RULES.maxAttempts; i < CODE_RULES.maxAttemptsFirstTry; i++) {
      await laterOn();
      await Promise.all(Array.from({ length: 10 }, () => verify(wrong)));
      expect(await tries()).toBe(i + 1);
    }
    expect(await tries()).toBe(CODE_RULES.maxAttemptsFirstTry);
    await laterOn();
    const right = await verify(code);
    expect(right.status).toBe(400);
    expect(await json(right)).toMatchObject({
      success: false,
      message: 'Too many wrong attempts. Please request a new code.',
    });
    const row = await env.DB.prepare('select is_verified from users where id = ?')
      .bind(userId)
      .first<{ is_verified: number }>();
    expect(row!.is_verified).toBe(0);
  });
});

describe('per-address and per-account limits on every code endpoint', () => {
  interface Endpoint {
    name: string;
    path: string;
    rule: Required<RequestRule>;
    body: (account: string) => Record<string, unknown>;
  }
  const endpoints: Endpoint[] = [
    {
      name: 'student resend',
      path: '/api/users/resend-otp',
      rule: REQUEST_RULES.resend,
      body: (a) => ({ userId: a }),
    },
    {
      name: 'student forgot-password',
      path: '/api/users/forgot-password',
      rule: REQUEST_RULES.forgot,
      body: (a) => ({ email: `${a}@example.com` }),
    },
    {
      name: 'partner resend',
      path: '/api/partner/resend-otp',
      rule: REQUEST_RULES.resend,
      body: (a) => ({ email: `${a}@example.com` }),
    },
    {
      name: 'partner forgot-password',
      path: '/api/partner/forgot-password',
      rule: REQUEST_RULES.forgot,
      body: (a) => ({ email: `${a}@example.com` }),
    },
  ];

  const expectLimited = async (res: Response) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    const body = await json(res);
    expect(body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (minute|second)s?\.$/),
    });
  };

  /** Puts an address's counter of a rule one short of (or `left` short of) its limit. */
  const fillAddress = (name: string, ip: string, rule: RequestRule, left = 1) => {
    const now = Date.now();
    return env.DB.prepare(
      'insert or replace into rate_limits (key, window_start, count, expires_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
    )
      .bind(
        `${name}-address:${ip}`,
        now,
        rule.perAddress.max - left,
        now + rule.perAddress.windowSeconds * 1000,
        now,
        now,
      )
      .run();
  };
  it.each(endpoints)(
    '$name: per account (from many addresses) and per address (over many accounts)',
    async ({ name, path, rule, body }) => {
      const account = `acct-${uid()}`;
      for (let i = 0; i < rule.perAccount.max; i++)
        expect((await postJson(path, body(account), address())).status).not.toBe(429);
      await expectLimited(await postJson(path, body(account), address()));

      const ip = `203.0.${100 + (counter % 100)}.${counter++ & 255}`;
      await fillAddress(`${name.split(' ')[0]}-${rule.name}`, ip, rule);
      expect((await postJson(path, body(`acct-${uid()}`), from(ip))).status).not.toBe(429);
      await expectLimited(await postJson(path, body(`acct-${uid()}`), from(ip)));
    },
  );

  /**
   * The endpoints that judge a code are gates: past the account's limit, a try is judged only as the
   * first of what the code is bound to (the challenge of the browser that asked for it, or for a
   * student's sign-up code the registration's id), so strangers' new addresses buy nothing and the
   * owner's own code step still gets its try.
   */
  interface Gate {
    name: string;
    path: string;
    rule: Required<RequestRule>;
    /** An account to guess at: the body of a try at it with no challenge, and `own`, which makes a new first. */
    account: () => Promise<{
      body: Record<string, unknown>;
      /** A browser with a first try of its own at the same account, and that try's body. */
      own: () => Promise<{ browser: Browser; body: Record<string, unknown> }>;
    }>;
  }
  /** A registration of the address (a student's verify names it by id); returns the id. */
  const registerStudent = async (email: string) =>
    (await json(await postJson('/api/users/register/', student({ email }), address()))).userId as string;
  /** A browser that asked `path` for a code for `email`: it holds the challenge the code is bound to. */
  const asking = async (path: string, email: string) => {
    const browser = aBrowser();
    expect((await browser.post(path, { email })).status).toBe(200);
    return browser;
  };
  const resetBody = (field: 'otp' | 'code') => (email: string) => ({
    email,
    [field]: '000000',
    password: 'Fresh-pass-2026',
  });
  const gateEndpoints: Gate[] = [
    {
      name: 'student verify',
      path: '/api/users/verify-otp',
      rule: REQUEST_RULES.verify,
      account: async () => {
        const email = `v-${uid()}@example.com`;
        const userId = await registerStudent(email);
        return {
          body: { userId, otp: '000000' },
          // Another registration of the same address: its id is its own first.
          own: async () => ({
            browser: aBrowser(),
            body: { userId: await registerStudent(email), otp: '000000' },
          }),
        };
      },
    },
    ...(['student', 'partner'] as const).map((type) => {
      const base = type === 'student' ? '/api/users' : '/api/partner';
      const body = resetBody(type === 'student' ? 'otp' : 'code');
      return {
        name: `${type} reset-password`,
        path: `${base}/reset-password`,
        rule: REQUEST_RULES.reset,
        account: async () => {
          const email = `r-${uid()}@example.com`;
          return {
            body: body(email),
            own: async () => ({ browser: await asking(`${base}/forgot-password`, email), body: body(email) }),
          };
        },
      };
    }),
    {
      name: 'partner verify',
      path: '/api/partner/verify-otp',
      rule: REQUEST_RULES.verify,
      account: async () => {
        const email = `v-${uid()}@example.com`;
        return {
          body: { email, otp: '000000' },
          own: async () => ({
            browser: await asking('/api/partner/resend-otp', email),
            body: { email, otp: '000000' },
          }),
        };
      },
    },
  ];

  it.each(gateEndpoints)(
    '$name: per account (from many addresses) and per address (over many accounts)',
    async ({ name, path, rule, account }) => {
      const target = await account();
      for (let i = 0; i < rule.perAccount.max; i++)
        expect((await postJson(path, target.body, address())).status).not.toBe(429);
      // Past the account's limit a new address is no new first try.
      await expectLimited(await postJson(path, target.body, address()));
      // A browser with a first of its own (the owner's, who asked for their code) gets that one try judged.
      const own = await target.own();
      expect((await own.browser.post(path, own.body)).status).not.toBe(429);
      await expectLimited(await own.browser.post(path, own.body));

      const ip = `203.0.${100 + (counter % 100)}.${counter++ & 255}`;
      await fillAddress(`${name.split(' ')[0]}-${rule.name}`, ip, rule);
      expect((await postJson(path, (await account()).body, from(ip))).status).not.toBe(429);
      await expectLimited(await postJson(path, (await account()).body, from(ip)));
    },
  );

  it('a spoofed X-Forwarded-For does not give a new bucket (the address is CF-Connecting-IP only)', async () => {
    const ip = '192.0.2.44';
    await fillAddress('partner-resend', ip, REQUEST_RULES.resend, 0);
    for (const spoof of [
      '198.51.100.1',
      '10.0.0.1, 192.0.2.44',
      `198.51.100.${Math.floor(Math.random() * 250)}`,
    ]) {
      await expectLimited(
        await postJson(
          '/api/partner/resend-otp',
          { email: `p-${uid()}@example.com` },
          from(ip, { 'X-Forwarded-For': spoof }),
        ),
      );
    }
  });

  it('IPv6 clients are counted by /64: new interface ids share the bucket, another /64 does not', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    await fillAddress('partner-resend', `${prefix}::/64`, REQUEST_RULES.resend, 2);
    for (let i = 1; i <= 2; i++)
      await postJson(
        '/api/partner/resend-otp',
        { email: `p-${uid()}@example.com` },
        from(`${prefix}::${i.toString(16)}`),
      );
    await expectLimited(
      await postJson(
        '/api/partner/resend-otp',
        { email: `p-${uid()}@example.com` },
        from(`${prefix}:dead:beef:1:2`),
      ),
    );
    const other = await postJson(
      '/api/partner/resend-otp',
      { email: `p-${uid()}@example.com` },
      from(`${prefix}0::1`),
    );
    expect(other.status).toBe(200);
  });

  it('holds under parallel requests: 45 verifications at once from an address with 30 left, exactly 30 get through', async () => {
    const ip = `192.0.2.${100 + Math.floor(Math.random() * 100)}`;
    await fillAddress('student-verify', ip, REQUEST_RULES.verify, 30);
    // 45 registrations of addresses of their own (written straight into D1: 45 password hashes
    // would take long), so only the address's counter is shared.
    const ids = Array.from({ length: 45 }, () => crypto.randomUUID());
    for (const id of ids)
      await db.insert(users).values({
        id,
        fullName: 'Parallel Student',
        academicStatus: 'Undergraduate Student',
        contactNumber: `+44 20 7946 ${uid()}`,
        currentAddress: '1 Example Street, London',
        email: `parallel-${uid()}@example.com`,
        passwordHash: 'x',
        isVerified: false,
      });
    const answers = await Promise.all(
      ids.map((userId) => postJson('/api/users/verify-otp', { userId, otp: '000000' }, from(ip))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45 - 30);
    // Judged: none of them has a code, so each is a wrong one.
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
  });

  it('the partner request form: 20 an hour per partner, then 429 with Retry-After', async () => {
    const reg = partner();
    // Registered and verified in one browser (the code verifies only there).
    const owner = aBrowser();
    await owner.post('/api/partner/register', reg);
    await owner.post('/api/partner/verify-otp', {
      email: reg.ownerEmail,
      otp: await newestCode(reg.ownerEmail),
    });
    const { token } = await json(await partnerLogin(reg.ownerEmail, reg.password));
    const body = {
      type: 'employee',
      companyName: 'Owner Learning Ltd',
      jobTitle: 'Care Assistant',
      department: 'Care',
      jobDescription: 'Support residents.',
      employmentType: 'full-time',
      salaryRange: '£24,000',
      requiredQualifications: 'NVQ 2',
      requiredExperience: '1 year',
      skillsRequired: 'first aid',
      jobResponsibilities: 'Care',
      benefits: 'Pension',
      numberOfPositions: 1,
      location: 'York',
      applicationDeadline: new Date(Date.now() + 30 * 864e5).toISOString().slice(0, 10),
      contactEmail: 'hr@example.com',
      contactPhone: '020 7946 0201',
    };
    const send = () =>
      postJson('/api/hiringrequest/submit', body, { Authorization: `Bearer ${token}`, ...address() });
    const answers = await Promise.all(
      Array.from({ length: REQUEST_RULES.partnerRequest.perAccount.max + 3 }, send),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(REQUEST_RULES.partnerRequest.perAccount.max);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(Number(refused[0]!.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await json(refused[0]!)).message).toMatch(
      /^You have sent many requests in a short time\. Please try again in \d+ minutes?\.$/,
    );
  });
});

describe('pre-registration cannot take an account over', () => {
  it('student: attacker A registers E first; owner B registers E (a registration of their own) and verifies through the wizard; A gets 401, B 200', async () => {
    const email = `victim-${uid()}@example.com`;
    const a = await wizardRegister(
      student({ email, fullName: 'Mallory Attacker', password: 'Attacker-pass-1' }),
    );
    expect(a.status).toBe(201);
    const { userId } = await json(a);
    await ageCodes('student', userId, 2 * 60_000);

    const b = await wizardRegister(student({ email, fullName: 'Alice Owner', password: 'Victim-pass-2' }));
    expect(b.status).toBe(201);
    const ownersId = (await json(b)).userId as string;
    expect(ownersId).not.toBe(userId);
    const verify = await postJson(
      '/api/users/verify-otp',
      { userId: ownersId, otp: await newestCode(email) },
      address(),
    );
    expect(verify.status).toBe(200);

    expect((await studentLogin(email, 'Attacker-pass-1')).status).toBe(401);
    const login = await studentLogin(email, 'Victim-pass-2');
    expect(login.status).toBe(200);
    expect((await json(login)).user.fullName).toBe('Alice Owner');
  });

  it('student: an attacker registering after the owner cannot void or override the code the owner holds', async () => {
    const email = `victim-${uid()}@example.com`;
    const { userId } = await json(
      await wizardRegister(student({ email, fullName: 'Alice Owner', password: 'Victim-pass-2' })),
    );
    const ownersCode = await newestCode(email);
    await ageCodes('student', userId, 2 * 60_000);
    expect(
      (await wizardRegister(student({ email, fullName: 'Mallory Attacker', password: 'Attacker-pass-1' })))
        .status,
    ).toBe(201);

    const verify = await postJson('/api/users/verify-otp', { userId, otp: ownersCode }, address());
    expect(verify.status).toBe(200);
    expect((await studentLogin(email, 'Attacker-pass-1')).status).toBe(401);
    const login = await studentLogin(email, 'Victim-pass-2');
    expect(login.status).toBe(200);
    expect((await json(login)).user.fullName).toBe('Alice Owner');
  });

  it('partner: attacker A registers E first; owner B registers E and verifies; A gets 401, B 200 (both orders)', async () => {
    for (const attackerFirst of [true, false]) {
      const email = `victim-${uid()}@example.com`;
      const attacker = partner({
        ownerEmail: email,
        companyName: 'Mallory Ltd',
        password: 'Attacker-pass-1',
      });
      const owner = partner({
        ownerEmail: email,
        companyName: 'Owner Learning Ltd',
        password: 'Victim-pass-2',
      });
      // Each in a browser of their own.
      const ownersBrowser = aBrowser();
      const attackersBrowser = aBrowser();
      const registerAs = (who: 'attacker' | 'owner') =>
        who === 'owner'
          ? ownersBrowser.post('/api/partner/register', owner)
          : attackersBrowser.post('/api/partner/register', attacker);
      const first = await registerAs(attackerFirst ? 'attacker' : 'owner');
      expect(first.status).toBe(201);
      const id = (await json(first)).data._id as string;
      const ownersCodeIfFirst = attackerFirst ? undefined : await newestCode(email);
      await ageCodes('partner', id, 2 * 60_000);
      const second = await registerAs(attackerFirst ? 'owner' : 'attacker');
      expect(second.status).toBe(201);
      expect((await json(second)).data._id).not.toBe(id);
      const ownersCode = ownersCodeIfFirst ?? (await newestCode(email));
      expect((await ownersBrowser.post('/api/partner/verify-otp', { email, otp: ownersCode })).status).toBe(
        200,
      );

      expect((await partnerLogin(email, 'Attacker-pass-1')).status).toBe(401);
      const login = await partnerLogin(email, 'Victim-pass-2');
      expect(login.status).toBe(200);
      expect((await json(login)).partner.companyName).toBe('Owner Learning Ltd');
    }
  });

  it('a verified account is not replaced: registering its e-mail again answers 409', async () => {
    const account = await verifiedStudent();
    const again = await wizardRegister(student({ email: account.email })).catch((e: Error) => e);
    expect(again).toBeInstanceOf(Error);
    const direct = await postJson(
      '/api/users/register/',
      student({ email: account.email, password: 'Attacker-pass-1' }),
      address(),
    );
    expect(direct.status).toBe(409);
    expect((await studentLogin(account.email, account.password)).status).toBe(200);
  });

  it('unverified accounts expire after 24 hours: registration starts afresh, and the daily job deletes them', async () => {
    const email = `late-${uid()}@example.com`;
    const { userId } = await json(await wizardRegister(student({ email })));
    const code = await newestCode(email);
    const dayAgo = Date.now() - 24 * 3600_000 - 60_000;
    await env.DB.prepare('update users set created_at = ? where id = ?').bind(dayAgo, userId).run();
    expect(await json(await postJson('/api/users/check-email', { email }, address()))).toMatchObject({
      exists: false,
    });
    expect((await postJson('/api/users/verify-otp', { userId, otp: code }, address())).status).toBe(404);
    const again = await postJson('/api/users/register/', student({ email }), address());
    expect(again.status).toBe(201);
    expect((await json(again)).userId).not.toBe(userId);

    // The daily job: expired unverified students and partners go (with their codes); the rest stay.
    const expired = await json(await postJson('/api/users/register/', student(), address()));
    const fresh = await json(await postJson('/api/users/register/', student(), address()));
    const expiredPartner = await json(await postJson('/api/partner/register', partner(), address()));
    const verifiedOld = await verifiedStudent();
    await env.DB.prepare('update users set created_at = ? where id in (?, ?)')
      .bind(dayAgo, expired.userId, verifiedOld.userId)
      .run();
    await env.DB.prepare('update partners set created_at = ? where id = ?')
      .bind(dayAgo, expiredPartner.data._id)
      .run();
    const results = await runScheduled(CRONS['expire-unverified-accounts'], env);
    expect(results['expire-unverified-accounts']).toMatchObject({ deleted: expect.any(Number) });
    expect((results['expire-unverified-accounts'] as { deleted: number }).deleted).toBeGreaterThanOrEqual(2);
    expect(await env.DB.prepare('select id from users where id = ?').bind(expired.userId).first()).toBeNull();
    expect(
      await env.DB.prepare('select id from partners where id = ?').bind(expiredPartner.data._id).first(),
    ).toBeNull();
    expect(
      await env.DB.prepare('select id from one_time_codes where account_id = ?').bind(expired.userId).first(),
    ).toBeNull();
    expect(
      await env.DB.prepare('select id from users where id = ?').bind(fresh.userId).first(),
    ).not.toBeNull();
    expect(
      await env.DB.prepare('select id from users where id = ?').bind(verifiedOld.userId).first(),
    ).not.toBeNull();
  });
});

describe('partner verify and resend do not tell whether an e-mail has an account', () => {
  it('an unknown e-mail gets the same status and body as an unverified account, for verify and resend', async () => {
    const reg = partner();
    const owner = aBrowser();
    const { data } = await json(await owner.post('/api/partner/register', reg));
    const code = await newestCode(reg.ownerEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    const answer = async (res: Response) => ({ status: res.status, body: await res.text() });
    /** The answers for the account's e-mail and for an unknown one: from `browser`, or each from a stranger's. */
    const pair = async (path: string, body: (email: string) => unknown, browser?: Browser) => ({
      known: await answer(await (browser ?? aBrowser()).post(path, body(reg.ownerEmail))),
      unknown: await answer(await (browser ?? aBrowser()).post(path, body(`nobody-${uid()}@example.com`))),
    });
    const verify = await pair('/api/partner/verify-otp', (email) => ({ email, otp: wrong }));
    expect(verify.known).toEqual(verify.unknown);
    expect(verify.known.status).toBe(400);
    // From the registering browser too, and once its code is spent (other messages would say "this
    // account exists" to whoever holds that browser).
    const own = await pair('/api/partner/verify-otp', (email) => ({ email, otp: wrong }), owner);
    expect(own.known).toEqual(own.unknown);
    for (let i = 0; i < 4; i++)
      await owner.post('/api/partner/verify-otp', { email: reg.ownerEmail, otp: wrong });
    const spent = await pair('/api/partner/verify-otp', (email) => ({ email, otp: code }), owner);
    expect(spent.known).toEqual(spent.unknown);
    const tries = await env.DB.prepare(
      "select attempts from one_time_codes where account_type = 'partner' and account_id = ? and purpose = 'verify'",
    )
      .bind(data._id)
      .first<{ attempts: number }>();
    expect(tries!.attempts).toBe(CODE_RULES.maxAttempts);

    await ageCodes('partner', data._id, 2 * 60_000);
    const before = (await codesFor(reg.ownerEmail)).length;
    // A stranger's resend for the address, and the owner's own: each answered as for an unknown e-mail.
    const stranger = await pair('/api/partner/resend-otp', (email) => ({ email }));
    expect(stranger.known).toEqual(stranger.unknown);
    const resend = await pair('/api/partner/resend-otp', (email) => ({ email }), owner);
    expect(resend.known).toEqual(resend.unknown);
    expect(resend.known.status).toBe(200);
    // Only the registration the owner's browser made receives a code (after the answer); the
    // stranger's resend sent nothing.
    for (let i = 0; i < 50 && (await codesFor(reg.ownerEmail)).length === before; i++)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect((await codesFor(reg.ownerEmail)).length).toBe(before + 1);
    const sent = await env.DB.prepare(
      "select count(*) as n from one_time_codes where account_type = 'partner' and account_id = ? and purpose = 'verify'",
    )
      .bind(data._id)
      .first<{ n: number }>();
    expect(sent!.n).toBe(2);
  });
});

describe('common passwords are refused, on the server', () => {
  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ success: false, message: COMMON_PASSWORD_MESSAGE });
  };

  it.each(['123456', 'password1', 'qwerty'])(
    '%s: student, partner and job applicant registration and reset',
    async (password) => {
      await refused(await postJson('/api/users/register/', student({ password }), address()));
      await refused(
        await postJson(
          '/api/users/reset-password',
          { email: `s-${uid()}@example.com`, otp: '123456', password },
          address(),
        ),
      );
      await refused(await postJson('/api/partner/register', partner({ password }), address()));
      await refused(
        await postJson(
          '/api/partner/reset-password',
          { email: `p-${uid()}@example.com`, code: '123456', password },
          address(),
        ),
      );
      await refused(
        await postJson(
          '/api/job-applicants/register',
          { fullName: 'Common Pass', email: `a-${uid()}@example.com`, phone: '020 7946 0111', password },
          address(),
        ),
      );
    },
  );

  it('is case-insensitive, and a reset with a common password leaves the code usable', async () => {
    await refused(await postJson('/api/users/register/', student({ password: 'PassWord1' }), address()));
    const account = await verifiedStudent();
    // The reset runs in the browser that asked for the code: the code answers nowhere else.
    const owner = aBrowser();
    await owner.post('/api/users/forgot-password', { email: account.email });
    const code = await resetCode(account.email);
    await refused(
      await owner.post('/api/users/reset-password', { email: account.email, otp: code, password: 'qwerty' }),
    );
    expect(
      (
        await owner.post('/api/users/reset-password', {
          email: account.email,
          otp: code,
          password: 'Uncommon-pass-31',
        })
      ).status,
    ).toBe(200);
  });

  it('staff: creating a staff account and setting a staff password refuse them too', async () => {
    const admin = await makeStaff('admin');
    const auth = staffAuth(admin.token);
    for (const password of ['qwerty123456', '123456qwerty', '1qaz2wsx3edc']) {
      await refused(
        await postJson(
          '/api/admin/staff',
          { name: 'New Editor', email: `e-${uid()}@example.com`, role: 'editor', password },
          auth,
        ),
      );
      await refused(await postJson(`/api/admin/staff/${admin.id}/password`, { password }, auth));
    }
  });

  it('keeps the 6-character minimum and its message', async () => {
    const res = await postJson('/api/users/register/', student({ password: '12345' }), address());
    expect(await json(res)).toMatchObject({
      success: false,
      message: 'Password must be at least 6 characters',
    });
  });
});
