// One JSON line per request (method, route pattern, status, duration, request id
// also returned as X-Request-Id), errors logged with the request id and no personal data.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../index.ts';
import { redact } from '../lib/log.ts';
import { aProgram } from '../test/fixtures/index.ts';

afterEach(() => vi.restoreAllMocks());

/** Every JSON line written to the console while `run` runs, by type. */
async function linesDuring(run: () => Promise<unknown>) {
  const lines: Record<string, unknown>[] = [];
  const capture = (...args: unknown[]) => {
    const text = String(args[0]);
    if (text.startsWith('{')) lines.push(JSON.parse(text) as Record<string, unknown>);
  };
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(capture);
  await run();
  vi.restoreAllMocks();
  return lines;
}

const call = (path: string, init: RequestInit = {}, bindings: Env = env) =>
  app.request(`http://127.0.0.1:8787${path}`, init, bindings);

describe('request logs', () => {
  it('one line per request: method, route pattern (not the path), status, duration, and the X-Request-Id it answered with', async () => {
    const program = await aProgram({ id: 'program-in-leeds' });
    let res!: Response;
    const lines = await linesDuring(async () => {
      res = await call(`/api/subjects/${program.id}?utm=ada@example.com`);
    });
    expect(res.status).toBe(200);
    const requests = lines.filter((l) => l.type === 'request');
    expect(requests).toHaveLength(1);
    const id = res.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[0]).toEqual({
      type: 'request',
      requestId: id,
      cfRay: null,
      method: 'GET',
      route: '/api/subjects/:id',
      status: res.status,
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toMatch(/leeds|ada@example\.com|utm/);
  });

  it('names the endpoint a middleware answered for (401), and says when nothing matched', async () => {
    const lines = await linesDuring(async () => {
      await call('/api/admin/mail');
      await call('/api/no-such-thing/ada@example.com');
      await call('/api/users/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', password: 'secret-pass' }),
      });
    });
    const requests = lines.filter((l) => l.type === 'request');
    expect(requests.map((l) => [l.method, l.route, l.status])).toEqual([
      ['GET', '/api/admin/mail', 401],
      ['GET', '(unmatched)', 404],
      ['POST', '/api/users/login', 401],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/ada@example\.com|secret-pass/);
  });

  it('an error is logged once with the request id, the route, its class and a masked message; the answer carries the same id', async () => {
    const leaky = new Error(
      'D1_ERROR: no such row for ada.lovelace@example.com with token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl and code 123456 at https://x.example/p?email=a@b.co',
    );
    const broken = new Proxy(env.DB, {
      get(target, prop, receiver) {
        if (prop === 'withSession') return () => receiver;
        if (prop === 'getBookmark') return () => null;
        if (prop === 'prepare')
          return () => {
            throw leaky;
          };
        return Reflect.get(target, prop);
      },
    });
    let res!: Response;
    const lines = await linesDuring(async () => {
      res = await call('/api/features', {}, { ...env, DB: broken });
    });
    const errors = lines.filter((l) => l.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      requestId: res.headers.get('X-Request-Id'),
      method: 'GET',
      route: '/api/features',
      error: 'Error',
    });
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/lovelace|eyJhbGci|123456|email=a@b/);
    expect(errors[0]!.message).toContain('[email]');
    expect(lines.filter((l) => l.type === 'request')[0]).toMatchObject({
      status: 503,
      requestId: res.headers.get('X-Request-Id'),
    });
  });

  it("carries Cloudflare's cf-ray on the request line and the error line, and never a malformed one", async () => {
    const ray = '8f1a2b3c4d5e6f70-LHR';
    const broken = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'withSession' || prop === 'prepare')
          return () => {
            throw new Error('D1 down');
          };
        return Reflect.get(target, prop);
      },
    });
    const lines = await linesDuring(async () => {
      await call('/api/features', { headers: { 'cf-ray': ray } });
      await call('/api/features', { headers: { 'cf-ray': ray } }, { ...env, DB: broken });
      await call('/api/features', { headers: { 'cf-ray': 'ada@example.com' } });
    });
    expect(lines.filter((l) => l.type === 'request').map((l) => l.cfRay)).toEqual([ray, ray, null]);
    expect(lines.filter((l) => l.type === 'error').map((l) => l.cfRay)).toEqual([ray]);
    expect(JSON.stringify(lines)).not.toMatch(/ada@example\.com/);
  });

  it('keeps a caller-supplied request id that is a plain token, and replaces one that is not', async () => {
    expect(
      (await call('/api/features', { headers: { 'X-Request-Id': 'trace-42' } })).headers.get('X-Request-Id'),
    ).toBe('trace-42');
    expect(
      (await call('/api/features', { headers: { 'X-Request-Id': 'ada@example.com' } })).headers.get(
        'X-Request-Id',
      ),
    ).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('redact', () => {
  it('masks e-mails, tokens, codes, long secrets and query strings', () => {
    expect(
      redact(
        'to ada@example.com, Bearer abc.def, code 123456, key sk_live_0123456789abcdef0123456789abcdef, url https://x.io/a?b=c',
      ),
    ).toBe('to [email], Bearer [token], code [code], key [secret], url https://x.io/a?[query]');
  });
});
