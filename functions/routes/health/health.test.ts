import { afterAll, beforeAll, describe, expect, it, vi, afterEach } from 'vitest';
import { env } from 'cloudflare:test';
import worker, { app } from '#functions/index.ts';
import { configProblems } from '#functions/lib/config.ts';
import { tokenSecretProblem } from '#functions/lib/token-secret.ts';
import { checkedConfig } from '#functions/middleware/config-check.ts';
import { exampleDomainIn, isExamplePhone } from '#functions/lib/example-values.ts';
import { getSite, saveSiteStatement } from '#db/queries/site-content.ts';
import { signToken } from '#functions/services/security/tokens.ts';
import { db } from '#functions/test/fixtures/index.ts';
import type { HealthResponse } from '#schemas/build.ts';
import type { SiteContent } from '#schemas/content.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '#schemas/errors.ts';

afterEach(() => vi.restoreAllMocks());

/** A secret as docs/deploying.md makes it (`openssl rand -hex 32`). */
const randomSecret = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');

const SECRET = randomSecret();
const production = {
  ENVIRONMENT: 'production',
  SITE_URL: 'https://www.bridgeway-global.co.uk',
  TOKEN_SECRET: SECRET,
  MAIL_API_URL: 'https://api.resend.com/emails',
  MAIL_API_KEY: 're_live_key_value',
  MAIL_FROM: 'Bridgeway <no-reply@bridgeway-global.co.uk>',
  BUILD_COMMIT: 'abc1234',
  BUILD_TOKEN: randomSecret(),
  DEPLOY_HOOK_URL: 'https://api.github.com/repos/bridgeway/site/dispatches',
};
const health = (vars: Record<string, string | undefined>) =>
  app.request('/api/health', {}, { ...env, ...vars });
type Misconfigured = Extract<HealthResponse, { status: 'misconfigured' }>;

/** The seed's site settings (example.com addresses, placeholder company number, drama phone). */
let seeded: SiteContent;
/** The site settings an operator sets before launch. */
const launched = (site: SiteContent): SiteContent => ({
  ...site,
  phone: '+44 20 3870 1234',
  email: 'hello@bridgeway-global.co.uk',
  admissionsEmail: 'admissions@bridgeway-global.co.uk',
  staffNotificationEmail: 'alerts@bridgeway-global.co.uk',
  companyNumber: '12345678',
});
const setSite = (site: SiteContent) => saveSiteStatement(db, site);

beforeAll(async () => {
  seeded = await getSite(db);
});

describe('GET /api/health', () => {
  beforeAll(() => setSite(launched(seeded)));
  afterAll(() => setSite(seeded));

  it('answers 200 with the content version and the deployed commit when production is configured', async () => {
    const res = await health(production);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = await res.json<Extract<HealthResponse, { status: 'ok' }>>();
    expect(body).toMatchObject({
      success: true,
      status: 'ok',
      environment: 'production',
      commit: 'abc1234',
      contentVersion: expect.any(Number),
    });
  });

  it('answers 503 naming each wrong setting, never a value', async () => {
    const wrong = {
      ...production,
      TOKEN_SECRET: 'short-secret',
      SITE_URL: 'http://www.bridgeway-global.co.uk',
      MAIL_API_KEY: undefined,
      MAIL_FROM: '  ',
    };
    const res = await health(wrong);
    expect(res.status).toBe(503);
    const text = await res.text();
    const body = JSON.parse(text) as Misconfigured;
    expect(body.problems.map((p) => p.setting)).toEqual([
      'TOKEN_SECRET',
      'SITE_URL',
      'MAIL_API_KEY',
      'MAIL_FROM',
    ]);
    expect(body.message).toContain('TOKEN_SECRET, SITE_URL, MAIL_API_KEY, MAIL_FROM');
    for (const value of [
      'short-secret',
      'http://www.bridgeway-global.co.uk',
      're_live_key_value',
      'api.resend.com',
    ])
      expect(text).not.toContain(value);
  });

  it('names publishing that is not set up (no deploy hook, no build token), never blocking the site', async () => {
    const res = await health({ ...production, DEPLOY_HOOK_URL: undefined, BUILD_TOKEN: 'short' });
    expect(res.status).toBe(503);
    const text = await res.text();
    const body = JSON.parse(text) as Misconfigured;
    expect(body.problems).toEqual([
      { setting: 'DEPLOY_HOOK_URL', problem: expect.stringContaining('must be set'), blocking: false },
      { setting: 'BUILD_TOKEN', problem: expect.stringContaining('32+ bytes'), blocking: false },
    ]);
    expect(text).not.toContain('short');
    // Development publishes by a local rebuild: nothing to set up there.
    expect(configProblems({ ...env, ENVIRONMENT: 'development', SITE_URL: 'http://127.0.0.1:8787' })).toEqual(
      [],
    );
  });

  it("holds staging and an unset ENVIRONMENT to production's rules (fails closed)", () => {
    for (const environment of ['staging', '', undefined]) {
      expect(
        configProblems({
          ...env,
          ...production,
          ENVIRONMENT: environment,
          MAIL_API_URL: '',
        } as unknown as Env).map((p) => p.setting),
      ).toEqual(['MAIL_API_URL']);
    }
    expect(
      configProblems({
        ...env,
        ENVIRONMENT: 'development',
        TOKEN_SECRET: 'x',
        SITE_URL: 'http://127.0.0.1:8787',
      }),
    ).toEqual([]);
  });

  it('counts the secret in the bytes it decodes to, and accepts 32 random ones', () => {
    const problems = (secret: string) =>
      configProblems({ ...env, ...production, TOKEN_SECRET: secret }).map((p) => p.setting);
    // 32 characters of base64 are 24 bytes, 192 bits: short of HS256's 256, however random they look.
    expect(problems('k3Qz9LmX2vB7nP4wR8tY6uI1oA5sD0fG')).toEqual(['TOKEN_SECRET']);
    expect(problems(SECRET.slice(0, 62))).toEqual(['TOKEN_SECRET']);
    expect(problems(SECRET)).toEqual([]);
  });

  it('keeps the public pages and API working while mail is not configured, and logs the problem once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { ...env, ...production, MAIL_API_KEY: '' } as Env;
    expect((await app.request('/api/health', {}, broken)).status).toBe(503);
    expect((await app.request('/api/countries', {}, broken)).status).toBe(200);
    expect((await app.request('/api/health', {}, broken)).status).toBe(503);
    // Computed once per env (an isolate's env is one object), and never with a value in the log.
    expect(checkedConfig(broken)).toBe(checkedConfig(broken));
    const lines = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('"type":"config"'));
    expect(lines.length).toBeLessThanOrEqual(1);
    for (const line of lines) expect(line).not.toContain('re_live_key_value');
  });
});

// Production kept serving with a weak TOKEN_SECRET, so confirmation, receipt and
// unsubscribe links (and sessions) could be forged.
describe('a missing or weak TOKEN_SECRET in a deployed Worker', () => {
  beforeAll(() => setSite(launched(seeded)));
  afterAll(() => setSite(seeded));

  const weak: [string, string | undefined][] = [
    ['missing', undefined],
    ['empty', ''],
    ['short', 'change-me'],
    ['one character repeated', 'x'.repeat(64)],
    ['a repeated placeholder', 'changeme'.repeat(8)],
    ['a repeated pattern', '0123456789abcdef'.repeat(4)],
    ['a phrase', 'bridgeway-global-token-secret-2026'],
    ['the alphabet', 'abcdefghijklmnopqrstuvwxyz012345'],
  ];

  it.each(weak)(
    'answers every route but /api/health with 503 and a generic message (%s)',
    async (_, secret) => {
      const vars = { ...env, ...production, TOKEN_SECRET: secret } as Env;
      for (const [method, path] of [
        ['GET', '/api/countries'],
        ['GET', '/api/subjects/search?q=data'],
        ['POST', '/api/users/login'],
        ['GET', '/api/admin/auth/me'],
        ['POST', '/api/job-applicants/confirm-email'],
        ['GET', '/api/job-alerts/unsubscribe?token=x'],
        ['GET', '/api/no-such-route'],
      ] as const) {
        const res = await app.request(path, { method }, vars);
        expect(res.status, `${method} ${path}`).toBe(503);
        expect(res.headers.get('Cache-Control')).toBe('no-store');
        expect(await res.json()).toEqual({ success: false, message: SERVICE_UNAVAILABLE_MESSAGE });
      }
      // Pages the Worker renders (the fallback shell, receipts) too, as plain text.
      const page = await app.request('/payment/receipt/some-id?t=x', {}, vars);
      expect(page.status).toBe(503);
      expect(await page.text()).toBe(SERVICE_UNAVAILABLE_MESSAGE);

      const res = await app.request('/api/health', {}, vars);
      expect(res.status).toBe(503);
      const text = await res.text();
      const body = JSON.parse(text) as Misconfigured;
      expect(body.problems).toEqual([
        { setting: 'TOKEN_SECRET', problem: expect.any(String), blocking: true },
      ]);
      if (secret) expect(text).not.toContain(secret);
    },
  );

  it('refuses a token forged with the weak secret instead of trusting it', async () => {
    const guessable = 'changeme'.repeat(8);
    const vars = { ...env, ...production, TOKEN_SECRET: guessable } as Env;
    const forged = await signToken(guessable, 'bridgeway-global', {
      sub: 'someone',
      aud: 'student',
      role: 'student',
      sid: 'forged',
    });
    const res = await app.request(
      '/api/users/profile',
      { headers: { Authorization: `Bearer ${forged}` } },
      vars,
    );
    expect(res.status).toBe(503);
  });

  it('serves as usual with a secret made as docs/deploying.md says, in every deployed environment', async () => {
    for (const environment of ['production', 'staging']) {
      const vars = { ...env, ...production, ENVIRONMENT: environment, TOKEN_SECRET: randomSecret() } as Env;
      expect((await app.request('/api/countries', {}, vars)).status).toBe(200);
    }
    // Development and tests never refuse (npm start writes a random secret, but any will do there).
    expect(
      (await app.request('/api/countries', {}, { ...env, ENVIRONMENT: 'development', TOKEN_SECRET: 'x' }))
        .status,
    ).toBe(200);
  });

  it('judges secrets by their randomness: generated ones pass, placeholders and repeats do not', () => {
    // The full table of accepted and refused values: functions/lib/token-secret.test.ts.
    for (let i = 0; i < 200; i++) expect(tokenSecretProblem(randomSecret())).toBeNull();
    for (const [, secret] of weak) expect(tokenSecretProblem(secret)).not.toBeNull();
    expect(tokenSecretProblem('passwordpasswordpasswordpassword')).toMatch(/openssl rand -base64 32/);
  });

  it('runs no scheduled work while refusing service', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The handler awaits its job (a failed job fails the invocation); refused, it returns at once
    // without running one, so no query reaches D1.
    const prepare = vi.spyOn(env.DB, 'prepare');
    await worker.scheduled(
      { cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry() {} },
      { ...env, ...production, TOKEN_SECRET: 'short' },
    );
    expect(prepare).not.toHaveBeenCalled();
    prepare.mockRestore();
    expect(errors.mock.calls.map((c) => String(c[0])).some((l) => l.includes('"scheduled-refused"'))).toBe(
      true,
    );
  });
});

// Content/site.json seeds info@, admissions@ and the staff notification address at
// example.com (and the placeholder company number); in production staff alerts would bounce.
describe('example values in a deployed Worker', () => {
  beforeAll(() => setSite(seeded));

  it('health answers 503 naming each example value of the site settings, and the site keeps serving', async () => {
    const res = await health(production);
    expect(res.status).toBe(503);
    const body = await res.json<Misconfigured>();
    expect(body.problems.map((p) => p.setting).sort()).toEqual([
      'site.admissionsEmail',
      'site.companyNumber',
      'site.email',
      'site.phone',
      'site.staffNotificationEmail',
    ]);
    expect(body.problems.every((p) => !p.blocking)).toBe(true);
    expect(body.message).toContain('site.staffNotificationEmail');
    expect(JSON.stringify(body)).not.toContain('staff-alerts@example.com');
    expect((await app.request('/api/countries', {}, { ...env, ...production })).status).toBe(200);
  });

  it('names an example origin or sender among the settings', async () => {
    await setSite(launched(seeded));
    try {
      const res = await health({
        ...production,
        SITE_URL: 'https://www.bridgeway-global.example',
        MAIL_FROM: 'Bridgeway <no-reply@mail.example.com>',
      });
      expect(res.status).toBe(503);
      const body = await res.json<Misconfigured>();
      expect(body.problems.map((p) => p.setting)).toEqual(['SITE_URL', 'MAIL_FROM']);
    } finally {
      await setSite(seeded);
    }
  });

  it('answers 200 once the site settings carry real values', async () => {
    await setSite(launched(seeded));
    try {
      expect((await health(production)).status).toBe(200);
    } finally {
      await setSite(seeded);
    }
  });

  it('never applies in development or tests (npm start and the browser tests keep the seed as it is)', async () => {
    expect((await health({ ENVIRONMENT: 'development' })).status).toBe(200);
    expect((await health({})).status).toBe(200);
  });

  it('recognises the reserved example domains and the drama phone ranges', () => {
    expect(exampleDomainIn('info@example.com')).toBe('example.com');
    expect(exampleDomainIn('Bridgeway <no-reply@mail.example.org>')).toBe('example.org');
    expect(exampleDomainIn('https://www.bridgeway-global.example/')).toBe('.example');
    expect(exampleDomainIn('alerts@team.test')).toBe('.test');
    expect(exampleDomainIn('hello@bridgeway-global.co.uk')).toBeNull();
    expect(exampleDomainIn('https://www.notexample.com')).toBeNull();
    expect(exampleDomainIn('https://www.facebook.com/bridgewayglobal')).toBeNull();
    expect(isExamplePhone('+44 20 7946 0321')).toBe(true);
    expect(isExamplePhone('020 7946 0999')).toBe(true);
    expect(isExamplePhone('07700 900123')).toBe(true);
    expect(isExamplePhone('+880 2 XXXX XXXX (example)')).toBe(true);
    expect(isExamplePhone('+44 20 3870 1234')).toBe(false);
  });
});
