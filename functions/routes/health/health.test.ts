import { describe, expect, it, vi, afterEach } from 'vitest';
import { env } from 'cloudflare:test';
import { app } from '#functions/index.ts';
import { configProblems } from '#functions/lib/config.ts';
import { checkedConfig } from '#functions/middleware/config-check.ts';
import type { HealthResponse } from '#schemas/build.ts';

afterEach(() => vi.restoreAllMocks());

const SECRET = 'a-production-secret-of-32-bytes-or-more!';
const production = {
  ENVIRONMENT: 'production',
  SITE_URL: 'https://www.bridgeway-global.example',
  TOKEN_SECRET: SECRET,
  MAIL_API_URL: 'https://api.resend.com/emails',
  MAIL_API_KEY: 're_live_key_value',
  MAIL_FROM: 'Bridgeway <no-reply@bridgeway-global.example>',
  BUILD_COMMIT: 'abc1234',
};
const health = (vars: Record<string, string | undefined>) =>
  app.request('/api/health', {}, { ...env, ...vars });

describe('GET /api/health', () => {
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
      SITE_URL: 'http://www.bridgeway-global.example',
      MAIL_API_KEY: undefined,
      MAIL_FROM: '  ',
    };
    const res = await health(wrong);
    expect(res.status).toBe(503);
    const text = await res.text();
    const body = JSON.parse(text) as Extract<HealthResponse, { status: 'misconfigured' }>;
    expect(body.problems.map((p) => p.setting)).toEqual([
      'TOKEN_SECRET',
      'SITE_URL',
      'MAIL_API_KEY',
      'MAIL_FROM',
    ]);
    expect(body.message).toContain('TOKEN_SECRET, SITE_URL, MAIL_API_KEY, MAIL_FROM');
    for (const value of [
      'short-secret',
      'http://www.bridgeway-global.example',
      're_live_key_value',
      'api.resend.com',
    ])
      expect(text).not.toContain(value);
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

  it('counts the secret in bytes, and accepts exactly 32', () => {
    const problems = (secret: string) =>
      configProblems({ ...env, ...production, TOKEN_SECRET: secret }).map((p) => p.setting);
    expect(problems('x'.repeat(31))).toEqual(['TOKEN_SECRET']);
    expect(problems('x'.repeat(32))).toEqual([]);
    expect(problems('é'.repeat(16))).toEqual([]); // 32 bytes in UTF-8
  });

  it('keeps the public pages and API working while misconfigured, and logs the problem once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { ...env, ...production, TOKEN_SECRET: 'short' } as Env;
    expect((await app.request('/api/health', {}, broken)).status).toBe(503);
    expect((await app.request('/api/countries', {}, broken)).status).toBe(200);
    expect((await app.request('/api/health', {}, broken)).status).toBe(503);
    // Computed once per env (an isolate's env is one object), and never with a value in the log.
    expect(checkedConfig(broken)).toBe(checkedConfig(broken));
    const lines = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('"type":"config"'));
    expect(lines.length).toBeLessThanOrEqual(1);
    for (const line of lines) expect(line).not.toContain('short');
  });
});
