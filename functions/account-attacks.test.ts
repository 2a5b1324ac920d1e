// The attacks on accounts that a review made against a running copy, each as the attacker made it,
// and the pre-account-hijacking classes that apply to e-mail and password accounts. Each test acts
// in browsers of its own (an address and a cookie jar each: fixtures/browser.ts): the owner in
// theirs, strangers in others. The limits are single conditional statements, so the parallel tests
// send their tries at once. Why the defences work this way: docs/decisions/029-devices-and-code-challenges.md.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from './services/accounts/login.ts';
import { SIGN_IN_CODE_SENT } from '#schemas/sign-in.ts';
import {
  STAFF_PASSWORD,
  aBrowser,
  makeStaff,
  mailTo,
  partnerRegistration,
  request,
  studentRegistration,
  waitForCode,
  type Browser,
  verifiedPartnerIn,
  verifiedStudentIn,
} from './test/fixtures/index.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();
const other = (code: string) => (code === '000000' ? '111111' : '000000');
const codeRequired = { success: false, message: SIGN_IN_CODE_SENT, codeRequired: true };

const verifiedStudent = verifiedStudentIn;
const verifiedPartner = verifiedPartnerIn;

async function jobSeeker(owner: Browser = aBrowser()) {
  const email = `seeker-${crypto.randomUUID()}@example.com`;
  const password = 'Seeker-pass-2026';
  const res = await owner.post('/api/job-applicants/register', {
    fullName: 'Jo Seeker',
    email,
    phone: '020 7946 0111',
    password,
  });
  expect(res.status).toBe(201);
  return { email, password };
}

const doors = [
  { name: 'student', login: '/api/users/login', account: verifiedStudent },
  { name: 'partner', login: '/api/partner/login', account: verifiedPartner },
  { name: 'job seeker', login: '/api/job-applicants/login', account: jobSeeker },
] as const;

/** Wrong passwords from `count` browsers at addresses of their own, one each: the distributed guesser. */
async function guessFromMany(path: string, email: string, count: number) {
  const statuses: { status: number; body: Record<string, any> }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await aBrowser().post(path, { email, password: `wrong-guess-${i}` });
    statuses.push({ status: res.status, body: await json(res) });
  }
  return statuses;
}

const judged = (answers: { status: number; body: Record<string, any> }[]) =>
  answers.filter((a) => a.status === 401 && !a.body.codeRequired).length;

describe('partners: a re-registration of an unverified address never takes the account', () => {
  it('the owner types the newest code in their inbox (the stranger’s): refused; their own code makes the account theirs', async () => {
    const owner = aBrowser();
    const stranger = aBrowser();
    const form = partnerRegistration({ companyName: 'Owner Learning Ltd' });
    await owner.post('/api/partner/register', form);
    const ownCode = await waitForCode(form.ownerEmail, /verification code/);
    const evil = { ...form, companyName: 'Evil Ltd', password: 'Strangers-pass-99' };
    expect((await stranger.post('/api/partner/register', evil)).status).toBe(201);
    // A minute later the stranger asks for their code again (the resend answers the same either way).
    expect((await stranger.post('/api/partner/resend-otp', { email: form.ownerEmail })).status).toBe(200);
    const newest = await waitForCode(form.ownerEmail, /verification code/);
    expect(newest).not.toBe(ownCode);

    const typedNewest = await owner.post('/api/partner/verify-otp', { email: form.ownerEmail, otp: newest });
    expect(typedNewest.status).toBe(400);
    expect(
      (await owner.post('/api/partner/verify-otp', { email: form.ownerEmail, otp: ownCode })).status,
    ).toBe(200);

    expect(
      (await stranger.post('/api/partner/login', { email: form.ownerEmail, password: evil.password })).status,
    ).toBe(401);
    const signedIn = await owner.post('/api/partner/login', {
      email: form.ownerEmail,
      password: form.password,
    });
    expect(signedIn.status).toBe(200);
    expect((await json(signedIn)).partner.companyName).toBe('Owner Learning Ltd');
  });

  it('the stranger’s code, typed from the stranger’s browser, cannot verify the owner’s registration either', async () => {
    const owner = aBrowser();
    const stranger = aBrowser();
    const form = partnerRegistration();
    await owner.post('/api/partner/register', form);
    const ownCode = await waitForCode(form.ownerEmail, /verification code/);
    // Whoever reads the owner's code (a shoulder, a shared screen) still needs the owner's browser.
    expect(
      (await stranger.post('/api/partner/verify-otp', { email: form.ownerEmail, otp: ownCode })).status,
    ).toBe(400);
    expect(
      (await owner.post('/api/partner/verify-otp', { email: form.ownerEmail, otp: ownCode })).status,
    ).toBe(200);
  });
});

describe('owners are never locked out by burned codes or failures', () => {
  it.each(doors)(
    '$name: past the limit, the owner’s known browser signs in with the right password at once',
    async ({ login, account }) => {
      const owner = aBrowser();
      const { email, password } = await account(owner);
      // The owner signed in from this browser before: it is known to the account.
      expect((await owner.post(login, { email, password })).status).toBe(200);
      await guessFromMany(login, email, LOGIN_LIMITS.unknownDevices.max + 2);
      const again = await owner.post(login, { email, password });
      expect(again.status).toBe(200);
      expect((await json(again)).token).toEqual(expect.any(String));
    },
  );

  it.each(doors)(
    '$name: from a new browser past the limit, strangers’ wrong codes each second never use up the owner’s code',
    async ({ login, account }) => {
      const { email, password } = await account();
      await guessFromMany(login, email, LOGIN_LIMITS.unknownDevices.max);
      const owner = aBrowser();
      const step = await owner.post(login, { email, password });
      expect(step.status).toBe(401);
      expect(await json(step)).toEqual(codeRequired);
      const code = await waitForCode(email, /sign-in code/);
      // A stranger, from changing addresses, sends wrong codes (and the right one) with guessed passwords.
      for (let i = 0; i < 12; i++) {
        const res = await aBrowser().post(login, {
          email,
          password: `guess-${i}`,
          code: i === 11 ? code : other(code),
        });
        expect(res.status).toBe(400);
      }
      const done = await owner.post(login, { email, password, code });
      expect(done.status).toBe(200);
      expect((await json(done)).token).toEqual(expect.any(String));
      // The code worked once; the browser is known from now on.
      expect((await owner.post(login, { email, password, code })).status).toBe(400);
      expect((await owner.post(login, { email, password })).status).toBe(200);
    },
  );

  it.each([
    {
      name: 'student',
      forgot: '/api/users/forgot-password',
      reset: '/api/users/reset-password',
      field: 'otp',
      account: verifiedStudent,
      login: '/api/users/login',
    },
    {
      name: 'partner',
      forgot: '/api/partner/forgot-password',
      reset: '/api/partner/reset-password',
      field: 'code',
      account: verifiedPartner,
      login: '/api/partner/login',
    },
    {
      name: 'job seeker',
      forgot: '/api/job-applicants/forgot-password',
      reset: '/api/job-applicants/reset-password',
      field: 'otp',
      account: jobSeeker,
      login: '/api/job-applicants/login',
    },
  ] as const)(
    '$name: 12 wrong reset codes from 12 addresses, one a second, leave the owner’s reset code working',
    async ({ forgot, reset, field, account, login }) => {
      const { email } = await account();
      const owner = aBrowser();
      expect((await owner.post(forgot, { email })).status).toBe(200);
      const code = await waitForCode(email, /password reset code/);
      for (let i = 0; i < 12; i++) {
        const stranger = aBrowser();
        const res = await stranger.post(reset, {
          email,
          [field]: i === 11 ? code : other(code),
          password: 'Taken-over-77',
        });
        // Refused either way: a wrong code (400), or past the address's limit (429).
        expect([400, 429], `stranger ${i}`).toContain(res.status);
      }
      const done = await owner.post(reset, { email, [field]: code, password: 'Owners-new-pass-9' });
      expect(done.status).toBe(200);
      expect((await aBrowser().post(login, { email, password: 'Owners-new-pass-9' })).status).toBe(200);
      expect((await aBrowser().post(login, { email, password: 'Taken-over-77' })).status).toBe(401);
    },
  );
});

describe('a distributed guesser gets at most 10 password checks per account per 15 minutes', () => {
  it.each(doors)(
    '$name: 15 wrong passwords from 15 addresses: 10 judged, then e-mailed codes only',
    async ({ login, account }) => {
      const { email, password } = await account();
      const answers = await guessFromMany(login, email, 15);
      expect(judged(answers)).toBe(LOGIN_LIMITS.unknownDevices.max);
      for (const answer of answers.slice(LOGIN_LIMITS.unknownDevices.max))
        expect(answer.body).toEqual(codeRequired);
      // The right password from yet another address is not judged either: only the e-mailed code opens it.
      const right = await aBrowser().post(login, { email, password });
      expect(right.status).toBe(401);
      expect(await json(right)).toEqual(codeRequired);
    },
  );

  it('30 parallel wrong passwords from 30 addresses: exactly 10 are judged', async () => {
    const { email } = await verifiedStudent();
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const res = await aBrowser().post('/api/users/login', { email, password: `wrong-${i}` });
        return { status: res.status, body: await json(res) };
      }),
    );
    expect(judged(answers)).toBe(LOGIN_LIMITS.unknownDevices.max);
    expect(answers.filter((a) => a.body.codeRequired)).toHaveLength(30 - LOGIN_LIMITS.unknownDevices.max);
  });

  it('an unknown e-mail is answered as a known one, past the limit too (no enumeration)', async () => {
    const email = `nobody-${crypto.randomUUID()}@example.com`;
    const answers = await guessFromMany('/api/users/login', email, 12);
    expect(judged(answers)).toBe(LOGIN_LIMITS.unknownDevices.max);
    expect(answers.at(-1)!.body).toEqual(codeRequired);
    expect(await mailTo(email)).toHaveLength(0);
  });

  it('a staff editor without a second factor: past the limit the right password gets an e-mailed code, never the set-up of an authenticator', async () => {
    const editor = await makeStaff('editor');
    await guessFromMany('/api/admin/auth/login', editor.email, 15);
    const holder = aBrowser();
    const step = await holder.post('/api/admin/auth/login', {
      email: editor.email,
      password: STAFF_PASSWORD,
    });
    expect(step.status).toBe(401);
    expect(await json(step)).toEqual(codeRequired);
  });
});

describe('sign-up codes: at most 10 judged guesses per address in 15 minutes', () => {
  it('five registrations of one address and a resend each give a guesser at most 10 judged tries', async () => {
    const form = studentRegistration();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const browser = aBrowser();
      const res = await browser.post('/api/users/register/', {
        ...form,
        contactNumber: `${form.contactNumber}${i}`,
      });
      expect(res.status).toBe(201);
      const { userId } = await json(res);
      ids.push(userId);
    }
    // A resend for each, a minute later (the resend wait is a minute per code).
    await env.DB.prepare(
      "update one_time_codes set created_at = created_at - 61000 where purpose = 'verify'",
    ).run();
    for (const userId of ids) await aBrowser().post('/api/users/resend-otp', { userId });
    // Twenty guesses at each registration, each from an address of its own.
    const guesses = ids.flatMap((userId) =>
      Array.from({ length: 20 }, (_, i) => ({ userId, otp: String(100000 + i) })),
    );
    for (const guess of guesses) await aBrowser().post('/api/users/verify-otp', guess);
    const { tries } = (await env.DB.prepare(
      `select coalesce(sum(attempts), 0) as tries from one_time_codes where purpose = 'verify' and account_id in (${ids.map(() => '?').join(',')})`,
    )
      .bind(...ids)
      .first<{ tries: number }>())!;
    expect(tries).toBeLessThanOrEqual(10);
  });
});

describe('one address, as a person reads it', () => {
  it('with mXä@… (NFC) verified, registering mXa\\u0308@… (NFD) answers 409', async () => {
    const local = `mx${crypto.randomUUID().slice(0, 6)}`;
    const nfc = `${local}\u00e4@example.com`;
    const nfd = `${local}a\u0308@example.com`;
    const owner = aBrowser();
    const form = studentRegistration({ email: nfc });
    const { userId } = await json(await owner.post('/api/users/register/', form));
    const otp = await waitForCode(nfc, /verification code/);
    expect((await owner.post('/api/users/verify-otp', { userId, otp })).status).toBe(200);
    const again = await aBrowser().post(
      '/api/users/register/',
      studentRegistration({ email: nfd.toUpperCase() }),
    );
    expect(again.status).toBe(409);
    // And the person signs in with either spelling.
    expect((await owner.post('/api/users/login', { email: nfd, password: form.password })).status).toBe(200);
  });

  it('the staff address is compared the same way (staff addresses are ASCII: case and spaces)', async () => {
    const editor = await makeStaff('editor');
    const res = await aBrowser().post('/api/admin/auth/login', {
      email: `  ${editor.email.toUpperCase()} `,
      password: STAFF_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await json(res)).step).toBe('signed-in');
  });
});

describe('pre-account hijacking (the classes that apply to e-mail and password accounts)', () => {
  it('unexpired session: a job-seeker session made before the owner confirmed the address dies at the confirmation', async () => {
    const stranger = aBrowser();
    const email = `victim-${crypto.randomUUID()}@example.com`;
    const res = await stranger.post('/api/job-applicants/register', {
      fullName: 'Not The Owner',
      email,
      phone: '020 7946 0112',
      password: 'Strangers-pass-99',
    });
    const { token } = await json(res);
    const me = () => request('/api/job-applicants/me', { headers: { 'X-Applicant-Token': token } });
    expect((await me()).status).toBe(200);
    // The owner clicks the confirmation link that reached their inbox.
    const mail = (await mailTo(email)).find((m) => /confirm/i.test(m.subject))!;
    const link = mail.text.match(/confirm-email\?token=([\w.-]+)/)![1]!;
    expect((await aBrowser().post('/api/job-applicants/confirm-email', { token: link })).status).toBe(200);
    expect((await me()).status).toBe(401);
  });

  it('unexpired session: a password reset ends every session made before it', async () => {
    const { email, password } = await verifiedStudent();
    const stranger = aBrowser();
    const { token } = await json(await stranger.post('/api/users/login', { email, password }));
    const owner = aBrowser();
    await owner.post('/api/users/forgot-password', { email });
    const otp = await waitForCode(email, /password reset code/);
    expect(
      (await owner.post('/api/users/reset-password', { email, otp, password: 'Owners-new-pass-9' })).status,
    ).toBe(200);
    const profile = await request('/api/users/profile', { headers: { Authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(401);
  });

  it('classic merge: an unverified registration never merges into, or blocks, the verified account', async () => {
    const owner = aBrowser();
    const { email, password } = await verifiedStudent(owner);
    const stranger = aBrowser();
    const again = await stranger.post(
      '/api/users/register/',
      studentRegistration({ email, password: 'Strangers-pass-99' }),
    );
    expect(again.status).toBe(409);
    expect((await stranger.post('/api/users/login', { email, password: 'Strangers-pass-99' })).status).toBe(
      401,
    );
    expect((await owner.post('/api/users/login', { email, password })).status).toBe(200);
  });
});

describe('registration ids cannot be swept', () => {
  it('an unknown registration id costs the address a try, as a known one does', async () => {
    const sweeper = aBrowser();
    await env.DB.prepare(
      'insert into rate_limits (key, window_start, count, expires_at, created_at, updated_at) values (?, ?, 200, ?, ?, ?)',
    )
      .bind(
        `student-verify-address:${sweeper.address.split(':').slice(0, 4).join(':')}::/64`,
        Date.now(),
        Date.now() + 3_600_000,
        Date.now(),
        Date.now(),
      )
      .run();
    const res = await sweeper.post('/api/users/verify-otp', { userId: crypto.randomUUID(), otp: '123456' });
    expect(res.status).toBe(429);
  });
});
