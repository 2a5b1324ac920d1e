import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRONS, runScheduled } from './index.ts';

// The daily exchange-rate refresh: run through the scheduled handler as the
// Cron Trigger would, with the feed answered by a stub. A bad answer never replaces good rates.

const FEED = 'https://rates.example/latest';
const withFeed = { ...env, RATES_URL: FEED, RATES_SOURCE: 'Test feed' } as Env;
const usdRates = {
  GBP: 0.75,
  EUR: 0.86,
  CAD: 1.4,
  AUD: 1.52,
  NGN: 1500,
  BDT: 122,
  INR: 89,
  PKR: 282,
  NZD: 1.73,
  SEK: 9.4,
  MYR: 4.2,
  JPY: 150,
};

async function stored() {
  const { results } = await env.DB.prepare(
    'select id, units_per_usd, as_of, source from exchange_rates order by id',
  ).all<{ id: string; units_per_usd: string; as_of: string; source: string }>();
  return results;
}
function feed(body: unknown, status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}
const quiet = () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
};

describe('exchange-rates job', () => {
  afterEach(() => vi.restoreAllMocks());

  it('does nothing without RATES_URL (staff keep the rates): no request leaves', async () => {
    quiet();
    const fetch = feed({});
    const before = await stored();
    expect((await runScheduled(CRONS['exchange-rates'], env))['exchange-rates']).toEqual({ skipped: 1 });
    expect(fetch).not.toHaveBeenCalled();
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['an error status', () => feed('Service unavailable', 503)],
    ['a body that is not JSON', () => feed('<html>')],
    ['an unknown shape', () => feed({ data: [] })],
    [
      'a missing currency',
      () => feed({ base: 'USD', date: '2026-11-20', rates: { ...usdRates, NGN: undefined } }),
    ],
    [
      'a rate that moved tenfold',
      () => feed({ base: 'USD', date: '2026-11-20', rates: { ...usdRates, GBP: 7.5 } }),
    ],
    ['a negative rate', () => feed({ base: 'USD', date: '2026-11-20', rates: { ...usdRates, JPY: -150 } })],
    ['a date in the future', () => feed({ base: 'USD', date: '2099-01-01', rates: usdRates })],
    ['a date older than the stored rates', () => feed({ base: 'USD', date: '2020-01-01', rates: usdRates })],
    [
      'a network failure',
      () => vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed')),
    ],
  ])('keeps the stored rates on %s', async (_, answer) => {
    quiet();
    answer();
    const before = await stored();
    expect(
      (await runScheduled(CRONS['exchange-rates'], withFeed, new Date('2026-11-23T06:00:00Z')))[
        'exchange-rates'
      ],
    ).toEqual({ updated: 0, rejected: 1 });
    expect(await stored()).toEqual(before);
  });

  it("replaces every rate, with the feed's date and source, from a dollar-based feed", async () => {
    quiet();
    const fetch = feed({ base: 'USD', date: '2026-11-22', rates: usdRates });
    const result = await runScheduled(CRONS['exchange-rates'], withFeed, new Date('2026-11-23T06:00:00Z'));
    expect(fetch).toHaveBeenCalledOnce();
    const [input] = fetch.mock.calls[0]!;
    expect(input instanceof Request ? input.url : input.toString()).toBe(FEED);
    expect(result['exchange-rates']).toEqual({ updated: 13, rejected: 0 });
    const rows = await stored();
    expect(rows.find((r) => r.id === 'GBP')).toEqual({
      id: 'GBP',
      units_per_usd: '0.75',
      as_of: '2026-11-22',
      source: 'Test feed',
    });
    expect(rows.find((r) => r.id === 'USD')!.units_per_usd).toBe('1');
  });

  it("converts a feed based on another currency (Frankfurter's euro) into units per dollar", async () => {
    quiet();
    const perEur = Object.fromEntries(
      Object.entries({ ...usdRates, USD: 1 })
        .filter(([k]) => k !== 'EUR')
        .map(([k, v]) => [k, v / 0.86]),
    );
    feed({ amount: 1, base: 'EUR', date: '2026-11-23', rates: perEur });
    expect(
      (await runScheduled(CRONS['exchange-rates'], withFeed, new Date('2026-11-23T06:00:00Z')))[
        'exchange-rates'
      ],
    ).toEqual({ updated: 13, rejected: 0 });
    const rows = await stored();
    expect(rows.find((r) => r.id === 'EUR')!.units_per_usd).toBe('0.86');
    expect(Number(rows.find((r) => r.id === 'NGN')!.units_per_usd)).toBeCloseTo(1500, 4);
  });
});
