import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { createDb } from '#db/client.ts';
import { TooMany } from '../errors.ts';
import { pruneEnded } from '#db/queries/rate-limits.ts';
import { addressBucket, clear, clientAddress, enforce, hit, waitText } from './rate-limit.ts';

const db = createDb(env.DB);
const limit = (name = crypto.randomUUID()) => ({ name, max: 3, windowSeconds: 60 });
const T0 = 1_900_000_000_000;

describe('hit', () => {
  it('allows max events per window, then refuses with the seconds left', async () => {
    const l = limit();
    for (let i = 0; i < 3; i++) expect((await hit(db, l, 'a', T0 + i * 1000)).allowed).toBe(true);
    const blocked = await hit(db, l, 'a', T0 + 10_000);
    expect(blocked).toEqual({ allowed: false, retryAfter: 50, count: 3 });
  });

  it('starts a fresh window once the old one ends (no permanent lock-out)', async () => {
    const l = limit();
    for (let i = 0; i < 5; i++) await hit(db, l, 'a', T0);
    expect((await hit(db, l, 'a', T0 + 59_999)).allowed).toBe(false);
    expect(await hit(db, l, 'a', T0 + 60_000)).toEqual({ allowed: true, retryAfter: 60, count: 1 });
  });

  it('counts subjects and limits separately, and clear forgets one counter', async () => {
    const l = limit();
    for (let i = 0; i < 4; i++) await hit(db, l, 'a', T0);
    expect((await hit(db, l, 'b', T0)).allowed).toBe(true);
    expect((await hit(db, limit(), 'a', T0)).allowed).toBe(true);
    await clear(db, l, 'a');
    expect((await hit(db, l, 'a', T0)).allowed).toBe(true);
  });

  it('is atomic under concurrent hits: 50 at once admit exactly max, and refused hits are not counted', async () => {
    const l = { ...limit(), max: 10 };
    const results = await Promise.all(Array.from({ length: 50 }, () => hit(db, l, 'x', T0)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    const row = await env.DB.prepare('select count from rate_limits where key = ?')
      .bind(`${l.name}:x`)
      .first<{ count: number }>();
    expect(row?.count).toBe(10);
  });
});

describe('clientAddress', () => {
  it("reads only Cloudflare's header; X-Forwarded-For is never trusted", () => {
    expect(
      clientAddress(new Headers({ 'CF-Connecting-IP': '203.0.113.1', 'X-Forwarded-For': '1.1.1.1' })),
    ).toBe('203.0.113.1');
    expect(clientAddress(new Headers({ 'X-Forwarded-For': '198.51.100.2, 10.0.0.1' }))).toBe('unknown');
    expect(clientAddress(new Headers())).toBe('unknown');
  });

  it('counts IPv6 clients by their /64, and an IPv4-mapped address as the IPv4 client', () => {
    const bucket = (ip: string) => clientAddress(new Headers({ 'CF-Connecting-IP': ip }));
    expect(bucket('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(bucket('2001:0DB8:ABCD:0012:ffff:ffff:ffff:ffff')).toBe('2001:db8:abcd:12::/64');
    expect(bucket('2001:db8:abcd:12::1')).toBe('2001:db8:abcd:12::/64');
    expect(bucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(bucket('2001:db8:abcd:13::1')).not.toBe(bucket('2001:db8:abcd:12::1'));
    expect(bucket('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(bucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('not:an:address:::')).toBe('not:an:address:::');
  });
});

describe('enforce', () => {
  it('throws 429 with Retry-After and a readable wait once any counter is over its limit', async () => {
    const a = limit();
    const b = { ...limit(), max: 1 };
    await enforce(
      db,
      [
        { limit: a, subject: 'x' },
        { limit: b, subject: 'y' },
      ],
      undefined,
      T0,
    );
    const error = await enforce(
      db,
      [
        { limit: a, subject: 'x' },
        { limit: b, subject: 'y' },
      ],
      undefined,
      T0 + 1000,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooMany);
    const tooMany = error as TooMany;
    expect(tooMany.message).toBe('Too many attempts. Please try again in 59 seconds.');
    expect(tooMany.retryAfter).toBe(59);
  });

  it('words the wait in minutes from a minute up', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
  });
});

describe('pruneEnded', () => {
  it('deletes only counters whose window has ended', async () => {
    const short = { ...limit(), windowSeconds: 60 };
    const long = { ...limit(), windowSeconds: 3600 };
    await hit(db, short, 'p', T0);
    await hit(db, long, 'p', T0);
    await pruneEnded(db, T0 + 61_000);
    const keys = (
      await env.DB.prepare('select key from rate_limits where key in (?, ?)')
        .bind(`${short.name}:p`, `${long.name}:p`)
        .all<{ key: string }>()
    ).results.map((r) => r.key);
    expect(keys).toEqual([`${long.name}:p`]);
  });
});
