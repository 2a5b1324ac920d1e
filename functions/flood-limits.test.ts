// Cloudflare's Rate Limiting binding in front of every endpoint that hashes a
// password or checks a code, per address and per account, refuses a flood before scrypt (or any D1
// counter) runs; without the bindings the D1 counters do the limiting alone. The Worker is called
// with its env changed: the bindings swapped for small ones (miniflare simulates them), or removed.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from './index.ts';
import { FLOOD_MESSAGE } from './middleware/rate-limit.ts';
import { LOGIN_LIMITS } from './services/accounts/login.ts';
import { aBrowser, partnerRegistration, studentRegistration, waitForCode } from './test/fixtures/index.ts';
import { deviceCookieName } from './lib/device-cookie.ts';

type Bindings = Partial<Pick<Env, 'RATE_LIMIT_ADDRESS' | 'RATE_LIMIT_ACCOUNT'>>;

/** Calls the Worker with these flood bindings in place of wrangler.toml's (undefined: absent). */
async function call(bindings: Bindings, path: string, body: unknown, ip: string, cookie?: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://127.0.0.1:8787${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'CF-Connecting-IP': ip,
        Origin: 'http://127.0.0.1:8787',
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
    { ...env, ...bindings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const small: Bindings = {
  RATE_LIMIT_ADDRESS: env.TEST_FLOOD_ADDRESS,
  RATE_LIMIT_ACCOUNT: env.TEST_FLOOD_ACCOUNT,
};
const absent: Bindings = { RATE_LIMIT_ADDRESS: undefined, RATE_LIMIT_ACCOUNT: undefined };
let n = 0;
const ip = () => `192.0.2.${n++}`;

/** miniflare's simulated binding counts in windows aligned to the wall clock's minutes (as
 * Cloudflare's may): a burst that straddles a minute's end starts counting again halfway. Runs the
 * burst again, once, when it did; a second run cannot straddle another end. */
async function inOneWindow<T>(burst: () => Promise<T>): Promise<T> {
  const minute = () => Math.floor(Date.now() / 60_000);
  const start = minute();
  const result = await burst();
  return minute() === start ? result : burst();
}

/** The D1 counters of a key prefix: what ran after the flood limits let a request through. */
const counted = async (key: string) =>
  (await env.DB.prepare('select count from rate_limits where key = ?').bind(key).first<{ count: number }>())
    ?.count ?? 0;

const endpoints = [
  { path: '/api/users/login', body: (email: string) => ({ email, password: 'Wrong-pass-1' }) },
  { path: '/api/users/register/', body: (email: string) => studentRegistration({ email }) },
  { path: '/api/users/verify-otp', body: (email: string) => ({ userId: email, otp: '123456' }) },
  {
    path: '/api/users/reset-password',
    body: (email: string) => ({ email, otp: '123456', password: 'Fresh-pass-2026' }),
  },
  { path: '/api/partner/login', body: (email: string) => ({ email, password: 'Wrong-pass-1' }) },
  { path: '/api/partner/register', body: (email: string) => partnerRegistration({ ownerEmail: email }) },
  { path: '/api/partner/verify-otp', body: (email: string) => ({ email, otp: '123456' }) },
  {
    path: '/api/partner/reset-password',
    body: (email: string) => ({ email, code: '123456', password: 'Fresh-pass-2026' }),
  },
  { path: '/api/job-applicants/login', body: (email: string) => ({ email, password: 'Wrong-pass-1' }) },
  {
    path: '/api/job-applicants/register',
    body: (email: string) => ({
      fullName: 'Flood Test',
      email,
      phone: '020 7946 0111',
      password: 'Secret-pass-123',
    }),
  },
  {
    path: '/api/job-applicants/reset-password',
    body: (email: string) => ({ email, otp: '123456', password: 'Fresh-pass-2026' }),
  },
  { path: '/api/admin/auth/login', body: (email: string) => ({ email, password: 'Wrong-pass-1' }) },
];

describe('with the binding: a flood is refused before scrypt runs', () => {
  it.each(endpoints)(
    '$path: per address (3 a minute here), before any D1 counter',
    async ({ path, body }) => {
      const answers = await inOneWindow(async () => {
        const address = ip();
        const sent = [];
        for (let i = 0; i < 4; i++)
          sent.push(await call(small, path, body(`flood-${crypto.randomUUID()}@example.com`), address));
        return sent;
      });
      expect(answers.slice(0, 3).map((r) => r.status)).not.toContain(429);
      const refused = answers[3]!;
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('60');
      expect(await refused.json()).toEqual({ success: false, message: FLOOD_MESSAGE });
    },
  );

  it('per account (2 a minute here), from any number of addresses; no scrypt and no D1 counter for the refused', async () => {
    const { email, statuses } = await inOneWindow(async () => {
      const email = `flood-${crypto.randomUUID()}@example.com`;
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await call(small, '/api/users/login', { email, password: 'Wrong-pass-1' }, ip())).status,
        );
      return { email, statuses };
    });
    expect(statuses).toEqual([401, 401, 429, 429, 429]);
    // Only the two let through reached the D1 counters (and scrypt, which comes after them).
    expect(await counted(`person-login-unknown-devices:${email}`)).toBe(2);
  });
});

describe('a flood on an account never keeps its owner out', () => {
  it('wrong passwords from anywhere, faster than the account’s flood limit: the owner’s known browser still signs in', async () => {
    const owner = aBrowser();
    const form = studentRegistration();
    const { userId } = await (await owner.post('/api/users/register/', form)).json<{ userId: string }>();
    const otp = await waitForCode(form.email, /verification code/);
    expect((await owner.post('/api/users/verify-otp', { userId, otp })).status).toBe(200);
    expect(
      (await owner.post('/api/users/login', { email: form.email, password: form.password })).status,
    ).toBe(200);
    const device = deviceCookieName('student');
    const cookie = `${device}=${owner.cookies.get(device)}`;
    const { flooded, mine } = await inOneWindow(async () => {
      const flooded = [];
      for (let i = 0; i < 5; i++)
        flooded.push(
          (await call(small, '/api/users/login', { email: form.email, password: `Wrong-${i}` }, ip())).status,
        );
      const mine = await call(
        small,
        '/api/users/login',
        { email: form.email, password: form.password },
        ip(),
        cookie,
      );
      return { flooded, mine };
    });
    expect(flooded).toContain(429);
    expect(mine.status).toBe(200);
  });
});

describe('without the binding: the D1 counters are the line', () => {
  it('every endpoint still answers, and a burst from one address is limited by D1 alone', async () => {
    for (const { path, body } of endpoints) {
      const res = await call(absent, path, body(`plain-${crypto.randomUUID()}@example.com`), ip());
      expect(res.status, path).toBeLessThan(500);
      expect(res.status, path).not.toBe(429);
    }
    const email = `plain-${crypto.randomUUID()}@example.com`;
    const address = ip();
    expect(
      (await call(absent, '/api/users/login', { email, password: 'Wrong-pass-1' }, address)).status,
    ).toBe(401);
    // The address has used its window (the counter as the burst would have left it).
    await env.DB.prepare('update rate_limits set count = ? where key = ?')
      .bind(LOGIN_LIMITS.perAddress.max, `person-login-address:${address}`)
      .run();
    const last = await call(absent, '/api/users/login', { email, password: 'Wrong-pass-1' }, address);
    expect(last.status).toBe(429);
    expect((await last.json<{ message: string }>()).message).toMatch(/^Too many login attempts/);
  });
});
