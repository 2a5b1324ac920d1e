// Issue 9, faults: the storage behind the Worker failing (injected by swapping the binding), the
// answer a clear 503 JSON with Retry-After and no internals, and recovery once the fault ends.
// Mailer faults: HttpMailer already answers 503 (functions/services/mailer.ts); Stripe and the
// multi-row writes of the feature branches are in the checklist of docs/reliability.md.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from './index.ts';
import { HttpMailer } from './services/mailer.ts';
import { createDb } from '../db/client.ts';
import { sql } from 'drizzle-orm';

/** A D1 binding whose every query fails the way D1 does when it cannot be reached. */
const brokenD1 = new Proxy(env.DB, {
  get(target, prop) {
    if (prop === 'prepare') {
      return () => {
        const fail = async () => { throw new Error('D1_ERROR: Network connection lost.'); };
        const stmt: Record<string, unknown> = { all: fail, run: fail, first: fail, raw: fail, values: fail };
        stmt.bind = () => stmt;
        return stmt;
      };
    }
    if (prop === 'batch' || prop === 'exec') return async () => { throw new Error('D1_ERROR: Network connection lost.'); };
    return Reflect.get(target, prop);
  },
});

const call = (path: string, bindings: Env) => app.request(`http://127.0.0.1:8787${path}`, {}, bindings);

describe('D1 failing', () => {
  it.each(['/api/features', '/api/subjects', '/api/subjects/search?q=data', '/api/countries/united-kingdom'])('%s answers 503 JSON with Retry-After, then recovers', async (path) => {
    const down = await call(path, { ...env, DB: brokenD1 } as Env);
    expect(down.status).toBe(503);
    expect(down.headers.get('Retry-After')).toBe('5');
    const body = await down.text();
    expect(JSON.parse(body)).toEqual({ success: false, message: 'The service is temporarily unavailable. Please try again in a moment.' });
    expect(body).not.toMatch(/D1_ERROR|Network connection|at /);
    expect(down.headers.get('Cache-Control') ?? '').not.toMatch(/public/);
    const up = await call(path, env);
    expect(up.status).toBe(200);
  });

  it('a bug (not a storage fault) is still a 500 without internals', async () => {
    const weird = new Proxy(env.DB, { get: (t, p) => (p === 'prepare' ? () => { throw new TypeError('x is not a function'); } : Reflect.get(t, p)) });
    const res = await call('/api/features', { ...env, DB: weird } as Env);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('TypeError');
  });
});

describe('mailer failing', () => {
  it('HttpMailer turns a provider failure or an unreachable provider into a 503 with a readable message', async () => {
    for (const fetch of [async () => new Response('down', { status: 502 }), async () => { throw new TypeError('fetch failed'); }]) {
      const db = createDb(env.DB);
      const mailer = new HttpMailer(db, { url: 'https://mail.example/send', apiKey: 'k', from: 'noreply@example.com', fetch: fetch as typeof globalThis.fetch });
      await expect(mailer.send({ to: 'fault@example.com', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toMatchObject({ status: 503, message: 'We could not send the e-mail right now. Please try again in a moment.' });
    }
    // Nothing pretends to be sent: both attempts are recorded as failed, so a resend can follow.
    const rows = await createDb(env.DB).all<{ status: string }>(sql`select status from outbox where "to" = 'fault@example.com'`);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
  });
});
