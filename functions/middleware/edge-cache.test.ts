// The shared cache of public reads (edge-cache.ts): what is cached, what never is, and that staff
// edits reach the API at once. Each test uses its own host, so the cache keys never collide.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../index.ts';
import { request } from '../test/fixtures/index.ts';
import { aFeature, auth, makeStaff } from '../test/fixtures/index.ts';

const cached = { ...env, EDGE_CACHE_SECONDS: '10' } as Env;
const host = () => `http://edge-${crypto.randomUUID().slice(0, 8)}.test`;
const get = (base: string, path: string, headers: Record<string, string> = {}, bindings: Env = cached) =>
  app.request(`${base}${path}`, { headers }, bindings);
const titles = async (res: Response) => (await res.json<{ title: string }[]>()).map((f) => f.title);

describe('edge cache of public reads', () => {
  it('serves an anonymous read from the cache, and a staff edit through the back office purges it at once', async () => {
    const base = host();
    const feature = await aFeature();
    const other = await aFeature();
    const first = await get(base, '/api/features');
    expect(first.headers.get('X-Cache')).toBe('MISS');
    expect(await titles(first)).toContain(feature.title);
    const second = await get(base, '/api/features');
    expect(second.headers.get('X-Cache')).toBe('HIT');
    expect(second.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(second.headers.get('Content-Type')).toMatch(/^application\/json/);

    // A change behind the API's back is not seen while the entry lives: proof that it is cached.
    await env.DB.prepare('update features set title = ? where id = ?')
      .bind(`${feature.title} (changed)`, feature.id)
      .run();
    expect(await titles(await get(base, '/api/features'))).not.toContain(`${feature.title} (changed)`);

    // A back-office change purges the lists: the next read is a miss with the new state.
    const staff = await makeStaff('editor');
    const retire = await app.request(
      `${base}/api/admin/content/features/${feature.id}/retire`,
      { method: 'POST', headers: auth(staff.token) },
      cached,
    );
    expect(retire.status).toBe(200);
    const after = await get(base, '/api/features');
    expect(after.headers.get('X-Cache')).toBe('MISS');
    const now = await titles(after);
    expect(now).toContain(other.title);
    expect(now).not.toContain(`${feature.title} (changed)`);
    expect(now).not.toContain(feature.title);
    await app.request(
      `${base}/api/admin/content/features/${feature.id}/restore`,
      { method: 'POST', headers: auth(staff.token) },
      cached,
    );
    await env.DB.prepare('update features set title = ? where id = ?').bind(feature.title, feature.id).run();
  });

  it('never answers nor fills the cache for a request with credentials', async () => {
    const base = host();
    const credentials: Record<string, string>[] = [
      { Authorization: 'Bearer x.y.z' },
      { 'X-Applicant-Token': 'x.y.z' },
      { Cookie: 'session=1' },
    ];
    for (const headers of credentials) {
      const res = await get(base, '/api/countries', headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('X-Cache')).toBeNull();
    }
    // Nothing was stored by those: the first anonymous read is still a miss.
    expect((await get(base, '/api/countries')).headers.get('X-Cache')).toBe('MISS');
    // And a cached entry is not handed to a request with credentials.
    expect(
      (await get(base, '/api/countries', { Authorization: 'Bearer x.y.z' })).headers.get('X-Cache'),
    ).toBeNull();
  });

  it("does not replay one origin's CORS answer to another", async () => {
    const base = host();
    const site = new URL(env.SITE_URL).origin;
    const fill = await get(base, '/api/departments', { Origin: site });
    expect(fill.headers.get('Access-Control-Allow-Origin')).toBe(site);
    const other = await get(base, '/api/departments', { Origin: 'https://evil.example' });
    expect(other.headers.get('X-Cache')).toBe('HIT');
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const again = await get(base, '/api/departments', { Origin: site });
    expect(again.headers.get('X-Cache')).toBe('HIT');
    expect(again.headers.get('Access-Control-Allow-Origin')).toBe(site);
    // Security headers are added per request on hits too.
    expect(again.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it("never stores errors: a 404 or a D1 outage's 503 is answered fresh every time", async () => {
    const base = host();
    expect((await get(base, '/api/subjects/no-such-subject')).status).toBe(404);
    const again = await get(base, '/api/subjects/no-such-subject');
    expect(again.status).toBe(404);
    expect(again.headers.get('X-Cache')).toBeNull();

    const broken = {
      ...cached,
      DB: {
        prepare: () => {
          throw new Error('D1_ERROR: Network connection lost.');
        },
        batch: async () => {
          throw new Error('D1_ERROR: Network connection lost.');
        },
      },
    } as unknown as Env;
    expect((await get(base, '/api/services', {}, broken)).status).toBe(503);
    const recovered = await get(base, '/api/services');
    expect(recovered.status).toBe(200);
    expect(recovered.headers.get('X-Cache')).toBe('MISS');
  });

  it('is off under the API tests unless turned on (tests read their own writes at once)', async () => {
    const res = await request('/api/features');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Cache')).toBeNull();
  });
});
