import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { createDb } from '../../db/client.ts';
import { clear, clientAddress, hit } from './rate-limit.ts';

const db = createDb(env.DB);
const limit = (name = crypto.randomUUID()) => ({ name, max: 3, windowSeconds: 60 });
const T0 = 1_900_000_000_000;

describe('hit', () => {
  it('allows max events per window, then refuses with the seconds left', async () => {
    const l = limit();
    for (let i = 0; i < 3; i++) expect((await hit(db, l, 'a', T0 + i * 1000)).allowed).toBe(true);
    const blocked = await hit(db, l, 'a', T0 + 10_000);
    expect(blocked).toEqual({ allowed: false, retryAfter: 50 });
  });

  it('starts a fresh window once the old one ends (no permanent lock-out)', async () => {
    const l = limit();
    for (let i = 0; i < 5; i++) await hit(db, l, 'a', T0);
    expect((await hit(db, l, 'a', T0 + 59_999)).allowed).toBe(false);
    expect(await hit(db, l, 'a', T0 + 60_000)).toEqual({ allowed: true, retryAfter: 60 });
  });

  it('counts subjects and limits separately, and clear forgets one counter', async () => {
    const l = limit();
    for (let i = 0; i < 4; i++) await hit(db, l, 'a', T0);
    expect((await hit(db, l, 'b', T0)).allowed).toBe(true);
    expect((await hit(db, limit(), 'a', T0)).allowed).toBe(true);
    await clear(db, l, 'a');
    expect((await hit(db, l, 'a', T0)).allowed).toBe(true);
  });

  it('is atomic under concurrent hits', async () => {
    const l = { ...limit(), max: 10 };
    const results = await Promise.all(Array.from({ length: 15 }, () => hit(db, l, 'x', T0)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
});

describe('clientAddress', () => {
  it("prefers Cloudflare's header, then the first forwarded address, else 'local'", () => {
    expect(clientAddress(new Headers({ 'CF-Connecting-IP': '203.0.113.1', 'X-Forwarded-For': '1.1.1.1' }))).toBe('203.0.113.1');
    expect(clientAddress(new Headers({ 'X-Forwarded-For': '198.51.100.2, 10.0.0.1' }))).toBe('198.51.100.2');
    expect(clientAddress(new Headers())).toBe('local');
  });
});
