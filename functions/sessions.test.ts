// Sign-out ends the session on the server, for all four account types; and
// (scrypt at OWASP's parameters, older hashes upgraded on the next sign-in), over HTTP on real D1.
import { env } from 'cloudflare:test';
import { scrypt, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountType } from '#db/schema/index.ts';
import { SIGN_OUT_PATHS } from '#schemas/sessions.ts';
import { CRONS, runScheduled } from './scheduled/index.ts';
import { hashPassword } from './services/security/passwords.ts';
import { signToken } from './services/security/tokens.ts';
import { STAFF_SESSION_COOKIE } from './lib/staff-cookies.ts';
import { aBrowser, auth as staffAuth, cookieFrom } from './test/fixtures/index.ts';
import { postJson, request } from './test/fixtures/index.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();
const uid = () => crypto.randomUUID().slice(0, 8);
const PASSWORD = 'Session-pass-2026';
let sharedHash: Promise<string> | undefined;

interface Kind {
  login: string;
  /** An authenticated read that answers 200 with a live session. */
  me: string;
  /** How the token travels. */
  auth: (token: string) => Record<string, string>;
  /** Inserts a verified account with the given password hash; returns its id and e-mail. */
  create: (passwordHash: string) => Promise<{ id: string; email: string }>;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function insert(table: string, columns: Record<string, unknown>) {
  const keys = Object.keys(columns);
  await env.DB.prepare(
    `insert into ${table} (${keys.join(', ')}, created_at, updated_at) values (${keys.map(() => '?').join(', ')}, ?, ?)`,
  )
    .bind(...Object.values(columns), Date.now(), Date.now())
    .run();
}

const kinds: Record<AccountType, Kind> = {
  student: {
    login: '/api/users/login',
    me: '/api/users/profile',
    auth: bearer,
    create: async (password_hash) => {
      const id = crypto.randomUUID();
      const email = `s-${uid()}@example.com`;
      await insert('users', {
        id,
        full_name: 'Session Student',
        academic_status: 'Graduate',
        contact_number: `+44 ${uid()}`,
        current_address: 'x',
        email,
        password_hash,
        is_verified: 1,
        role: 'student',
      });
      return { id, email };
    },
  },
  partner: {
    login: '/api/partner/login',
    me: '/api/partner/profile',
    auth: bearer,
    create: async (password_hash) => {
      const id = crypto.randomUUID();
      const email = `p-${uid()}@example.com`;
      await insert('partners', {
        id,
        company_name: 'Session Ltd',
        company_hq: 'Leeds',
        owner_first_name: 'Pat',
        owner_last_name: 'Session',
        owner_phone_number: '020 7946 0100',
        owner_designation: 'CEO',
        owner_nationality: 'British',
        contact_first_name: 'Sam',
        contact_last_name: 'Reed',
        contact_designation: 'HR',
        contact_phone_number: '020 7946 0101',
        contact_email: `c-${uid()}@example.com`,
        email,
        password_hash,
        is_verified: 1,
        approval_status: 'approved',
      });
      return { id, email };
    },
  },
  applicant: {
    login: '/api/job-applicants/login',
    me: '/api/job-applicants/me',
    auth: (token) => ({ 'X-Applicant-Token': token }),
    create: async (password_hash) => {
      const id = crypto.randomUUID();
      const email = `a-${uid()}@example.com`;
      await insert('job_applicants', {
        id,
        full_name: 'Session Applicant',
        phone: '020 7946 0111',
        email,
        password_hash,
        is_verified: 1,
      });
      return { id, email };
    },
  },
  staff: {
    login: '/api/admin/auth/login',
    me: '/api/admin/auth/me',
    // Staff tokens travel only in the HttpOnly session cookie (with the Origin the CSRF check wants).
    auth: staffAuth,
    create: async (password_hash) => {
      const id = crypto.randomUUID();
      const email = `st-${uid()}@example.com`;
      // An editor: signed in by the password alone (admins need the second factor, see mfa.test.ts).
      await insert('staff', {
        id,
        name: 'Session Staff',
        role: 'editor',
        is_active: 1,
        email,
        password_hash,
        is_verified: 1,
      });
      return { id, email };
    },
  },
};
const types = Object.keys(kinds) as AccountType[];

async function signIn(type: AccountType, email: string, password = PASSWORD) {
  const res = await postJson(kinds[type].login, { email, password });
  expect(res.status, `${type} login`).toBe(200);
  return type === 'staff' ? cookieFrom(res, STAFF_SESSION_COOKIE)! : ((await json(res)).token as string);
}
/** The renewed token: in `X-Renewed-Token`, or for staff in a fresh session cookie. */
const renewedToken = (type: AccountType, res: Response) =>
  (type === 'staff' ? cookieFrom(res, STAFF_SESSION_COOKIE) : res.headers.get('X-Renewed-Token'))!;
const me = (type: AccountType, token: string) =>
  request(kinds[type].me, { headers: kinds[type].auth(token) });
const post = (type: AccountType, path: string, token: string) =>
  request(path, { method: 'POST', headers: kinds[type].auth(token) });
const claims = (token: string) =>
  JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;

async function account(type: AccountType) {
  sharedHash ??= hashPassword(PASSWORD);
  return kinds[type].create(await sharedHash);
}

describe('signing out ends the session on the server', () => {
  it.each(types)('%s: after logout the token and its X-Renewed-Token copy get 401', async (type) => {
    const { email } = await account(type);
    const token = await signIn(type, email);
    const { sub, role, sid } = claims(token) as { sub: string; role: string; sid: string };
    expect(sid).toEqual(expect.any(String));
    // An older token of the same session, near its expiry, comes back renewed in the same session.
    const older = await signToken(
      env.TOKEN_SECRET,
      env.TOKEN_ISSUER || 'bridgeway-global',
      { sub, aud: type, role, sid },
      Date.now() - 45 * 60_000,
    );
    const renewing = await me(type, older);
    expect(renewing.status).toBe(200);
    const renewed = renewedToken(type, renewing);
    expect(claims(renewed).sid).toBe(sid);
    expect((await me(type, renewed)).status).toBe(200);

    const out = await post(type, SIGN_OUT_PATHS[type].logout, token);
    expect(out.status).toBe(200);
    expect(await json(out)).toEqual({ success: true, message: 'You have signed out.', ended: 1 });
    for (const t of [token, renewed, older]) {
      const res = await me(type, t);
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({
        success: false,
        message: 'Your session is not valid. Please log in again.',
      });
    }
    // Signing in again starts a new session.
    expect((await me(type, await signIn(type, email))).status).toBe(200);
  });

  it.each(types)(
    '%s: sign out of all devices ends every session of the account, and only its own',
    async (type) => {
      const { email } = await account(type);
      const phone = await signIn(type, email);
      const laptop = await signIn(type, email);
      const other = await signIn(type, (await account(type)).email);
      const out = await post(type, SIGN_OUT_PATHS[type].logoutAll, laptop);
      expect(out.status).toBe(200);
      expect(await json(out)).toEqual({
        success: true,
        message: 'You have signed out of all devices.',
        ended: 2,
      });
      expect((await me(type, phone)).status).toBe(401);
      expect((await me(type, laptop)).status).toBe(401);
      expect((await me(type, other)).status).toBe(200);
    },
  );

  it.each(types.filter((t) => t !== 'staff'))(
    '%s: logout needs a live session (401 without one)',
    async (type) => {
      expect((await request(SIGN_OUT_PATHS[type].logout, { method: 'POST' })).status).toBe(401);
    },
  );

  it('staff: logout without a live session still clears the cookies; logout-all needs one', async () => {
    const out = await request(SIGN_OUT_PATHS.staff.logout, {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1:8787' },
    });
    expect(out.status).toBe(200);
    expect(await json(out)).toEqual({ success: true, message: 'You have signed out.', ended: 0 });
    expect(cookieFrom(out, STAFF_SESSION_COOKIE)).toBe('');
    expect(
      (
        await request(SIGN_OUT_PATHS.staff.logoutAll, {
          method: 'POST',
          headers: { Origin: 'http://127.0.0.1:8787' },
        })
      ).status,
    ).toBe(401);
  });

  it('a token without a session id (from before sessions) is refused', async () => {
    const { id } = await account('student');
    const payload = { sub: id, aud: 'student', role: 'student', iss: env.TOKEN_ISSUER || 'bridgeway-global' };
    const { SignJWT } = await import('jose');
    const legacy = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(env.TOKEN_SECRET));
    expect((await me('student', legacy)).status).toBe(401);
  });

  it('a password reset ends every session (student and partner)', async () => {
    for (const type of ['student', 'partner'] as const) {
      const { id, email } = await account(type);
      const token = await signIn(type, email);
      const forgot = type === 'student' ? '/api/users/forgot-password' : '/api/partner/forgot-password';
      // The code is used in the browser that asked for it (it answers there alone).
      const owner = aBrowser();
      await owner.post(forgot, { email });
      let code: string | undefined;
      for (let i = 0; i < 100 && !code; i++) {
        const row = await env.DB.prepare(
          'select text from outbox where "to" = ? and subject like ? order by created_at desc limit 1',
        )
          .bind(email, '%password reset code%')
          .first<{ text: string }>();
        code = row?.text.match(/\b(\d{6})\b/)?.[1];
        if (!code) await new Promise((r) => setTimeout(r, 20));
      }
      const reset =
        type === 'student'
          ? await owner.post('/api/users/reset-password', { email, otp: code, password: 'Brand-new-pass-9' })
          : await owner.post('/api/partner/reset-password', { email, code, password: 'Brand-new-pass-9' });
      expect(reset.status).toBe(200);
      const left = await env.DB.prepare(
        'select count(*) as n from sessions where account_type = ? and account_id = ?',
      )
        .bind(type, id)
        .first<{ n: number }>();
      expect(left!.n).toBe(0);
      expect((await me(type, token)).status).toBe(401);
    }
  });

  it('the daily job deletes sessions past their end', async () => {
    const { email, id } = await account('student');
    await signIn('student', email);
    await env.DB.prepare('update sessions set expires_at = ? where account_id = ?')
      .bind(Date.now() - 1000, id)
      .run();
    const results = await runScheduled(CRONS['prune-sessions'], env);
    expect((results['prune-sessions'] as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare('select count(*) as n from sessions where account_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

/** A hash as the code made it before p=5 (N=2^14, r=8, p=1). */
function legacyHash(password: string) {
  const salt = randomBytes(16);
  return new Promise<string>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      32,
      { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 },
      (e, key) =>
        e
          ? reject(e)
          : resolve(['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')),
    ),
  );
}

describe('scrypt at N=2^14, r=8, p=5; older hashes upgraded on sign-in', () => {
  const table: Record<AccountType, string> = {
    student: 'users',
    partner: 'partners',
    applicant: 'job_applicants',
    staff: 'staff',
  };
  // The hash sign-in checks: the person's once the account is one (people.ts), else the row's own.
  const stored = async (type: AccountType, id: string) =>
    (await env.DB.prepare(
      `select coalesce(p.password_hash, t.password_hash) as h from ${table[type]} t left join people p on p.id = ${type === 'staff' ? 'null' : 't.person_id'} where t.id = ?`,
    )
      .bind(id)
      .first<{ h: string }>())!.h;

  it.each(types)(
    '%s: a p=1 hash is re-hashed at p=5 by the next successful sign-in (not by a failed one)',
    async (type) => {
      const legacy = await legacyHash(PASSWORD);
      const { id, email } = await kinds[type].create(legacy);
      expect((await postJson(kinds[type].login, { email, password: 'Not-the-password-1' })).status).toBe(401);
      expect(await stored(type, id)).toBe(legacy);
      await signIn(type, email);
      const upgraded = await stored(type, id);
      expect(upgraded).toMatch(/^scrypt\$16384\$8\$5\$/);
      expect(upgraded).not.toBe(legacy);
      await signIn(type, email);
      expect(await stored(type, id)).toBe(upgraded);
    },
  );

  it('measures the cost of one hash in workerd (printed; docs/decisions/001-scrypt-passwords.md)', async () => {
    const time = async (p: number) => {
      const start = performance.now();
      await new Promise((resolve, reject) =>
        scrypt(
          'pw-benchmark',
          randomBytes(16),
          32,
          { N: 16384, r: 8, p, maxmem: 64 * 1024 * 1024 },
          (e, k) => (e ? reject(e) : resolve(k)),
        ),
      );
      return performance.now() - start;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const runs = 7;
    const p1: number[] = [];
    const p5: number[] = [];
    for (let i = 0; i < runs; i++) {
      p1.push(await time(1));
      p5.push(await time(5));
    }
    const current = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await hashPassword('pw-benchmark');
      current.push(performance.now() - start);
    }
    console.log(
      `scrypt in workerd, median of ${runs}: N=2^14 r=8 p=1 ${median(p1).toFixed(0)} ms; p=5 ${median(p5).toFixed(0)} ms; hashPassword() ${median(current).toFixed(0)} ms`,
    );
    expect(median(p5)).toBeGreaterThan(median(p1));
  }, 120_000);
});
