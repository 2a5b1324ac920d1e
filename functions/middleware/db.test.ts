// Reads go through D1's Sessions API; the bookmark travels in X-D1-Bookmark so a
// person reads their own writes (docs/decisions/006-d1-sessions-and-limits.md).
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../index.ts';
import { BOOKMARK_HEADER, sessionStart } from './db.ts';

afterEach(() => vi.restoreAllMocks());

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** The binding with withSession watched: the constraint or bookmark each request's session started from. */
function watched() {
  const starts: string[] = [];
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession')
        return (start: string) => {
          starts.push(start);
          return target.withSession(start);
        };
      return Reflect.get(target, prop);
    },
  });
  return { bindings: { ...env, DB } as Env, starts };
}

describe('D1 sessions', () => {
  it('where a session starts: writes and the build snapshot on the primary, reads from the bookmark, else any replica', () => {
    const b = '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683';
    expect(sessionStart('POST', '/api/contact', b)).toBe('first-primary');
    expect(sessionStart('PATCH', '/api/users/profile', undefined)).toBe('first-primary');
    expect(sessionStart('GET', '/api/build/snapshot', undefined)).toBe('first-primary');
    expect(sessionStart('GET', '/api/subjects', b)).toBe(b);
    expect(sessionStart('GET', '/api/subjects', undefined)).toBe('first-unconstrained');
    // A bookmark that is not one is ignored rather than handed to D1 (which would fail the query).
    expect(sessionStart('GET', '/api/subjects', 'first-primary; drop table')).toBe('first-unconstrained');
    expect(sessionStart('GET', '/api/subjects', 'first-primary')).toBe('first-unconstrained');
  });

  it('a write answers with a bookmark; the next read sent with it starts from it and answers one at least as new (read your own writes)', async () => {
    const { bindings, starts } = watched();
    const origin = 'http://127.0.0.1:8787';
    const write = await app.request(
      `${origin}/api/contact`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.140' },
        body: JSON.stringify({
          fullName: 'Bookmark Test',
          email: 'bookmark@example.com',
          phone: '02079460123',
          subject: 'Hello',
          message: 'Reading my own write.',
        }),
      },
      bindings,
    );
    expect(write.status).toBeLessThan(300);
    const written = write.headers.get(BOOKMARK_HEADER);
    expect(written).toMatch(BOOKMARK);
    expect(starts).toEqual(['first-primary']);

    const read = await app.request(
      `${origin}/api/features`,
      { headers: { [BOOKMARK_HEADER]: written! } },
      bindings,
    );
    expect(read.status).toBe(200);
    expect(starts).toEqual(['first-primary', written]);
    // Bookmarks sort oldest to newest.
    expect(read.headers.get(BOOKMARK_HEADER)! >= written!).toBe(true);

    await app.request(`${origin}/api/features`, {}, bindings);
    expect(starts.at(-1)).toBe('first-unconstrained');
  });

  it('CORS lets the site send the bookmark and read it, and the request id, back', async () => {
    const origin = new URL(env.SITE_URL).origin;
    const preflight = await app.request(
      'http://127.0.0.1:8787/api/features',
      {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-d1-bookmark',
        },
      },
      env,
    );
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-d1-bookmark');
    const res = await app.request('http://127.0.0.1:8787/api/features', { headers: { Origin: origin } }, env);
    const exposed = res.headers.get('Access-Control-Expose-Headers')?.toLowerCase() ?? '';
    expect(exposed).toContain('x-d1-bookmark');
    expect(exposed).toContain('x-request-id');
  });
});
