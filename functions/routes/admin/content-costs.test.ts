import { beforeAll, describe, expect, it } from 'vitest';
import {
  aCountry,
  aCountryCost,
  aProgram,
  request,
  UK_LIKE_HEALTH_CHARGE,
} from '#functions/test/fixtures/index.ts';
import { auth, makeStaff } from '#functions/test/fixtures/index.ts';

// Staff edit the finder's costs in the content editor, with the seed's validation.
// The countries, their costs and the program are made here, with ids no seed row has. The exchange
// rates are the seed's: a rate's id is its ISO currency code, one row per code the schema allows, so
// there is no rate of a test's own to make (the edits below set the values they then read).

// A country with a health charge (like the UK's) and one without, and a program in the first.
const WITH_HEALTH = 'costs-healthland';
const WITHOUT_HEALTH = 'costs-plainland';
const PROGRAM = 'costs-msc-data-science';
let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  editor = await makeStaff('editor');
  await aCountry({ id: WITH_HEALTH });
  await aCountryCost(WITH_HEALTH, UK_LIKE_HEALTH_CHARGE);
  await aCountry({ id: WITHOUT_HEALTH });
  await aCountryCost(WITHOUT_HEALTH, { currency: 'EUR' });
  await aProgram({ id: PROGRAM, countryId: WITH_HEALTH });
});
const send = (method: string, path: string, body: unknown) =>
  request(`/api/admin/content/${path}`, {
    method,
    headers: { ...auth(editor.token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const read = async (path: string) =>
  (
    await (
      await request(`/api/admin/content/${path}`, { headers: auth(editor.token) })
    ).json<{
      item: Record<string, unknown>;
    }>()
  ).item;
const programCosts = async () =>
  await (
    await request(`/api/programs/${PROGRAM}/costs`)
  ).json<{
    costs: { living: { monthlyMinor: number; verifiedOn: string } };
    rates: Record<string, { unitsPerUsd: string }>;
  }>();

describe('content editor: country costs, city costs, exchange rates', () => {
  it('lists the three kinds and round-trips a row with and without a health charge', async () => {
    for (const kind of ['countryCosts', 'cityCosts', 'exchangeRates']) {
      const res = await request(`/api/admin/content/${kind}`, { headers: auth(editor.token) });
      expect(res.status, kind).toBe(200);
      expect((await res.json<{ total: number }>()).total, kind).toBeGreaterThan(0);
    }
    const withHealth = await read(`countryCosts/${WITH_HEALTH}`);
    expect(withHealth).toMatchObject({
      healthName: 'Immigration Health Surcharge',
      healthAnnualMinor: 77_600,
    });
    expect((await send('PUT', `countryCosts/${WITH_HEALTH}`, withHealth)).status).toBe(200);
    const withoutHealth = await read(`countryCosts/${WITHOUT_HEALTH}`);
    expect(withoutHealth.healthName).toBeNull();
    expect((await send('PUT', `countryCosts/${WITHOUT_HEALTH}`, withoutHealth)).status).toBe(200);
  });

  it('feeds an edit straight into the estimate inputs', async () => {
    const costs = await read(`countryCosts/${WITH_HEALTH}`);
    expect(
      (
        await send('PUT', `countryCosts/${WITH_HEALTH}`, {
          ...costs,
          livingMonthlyMinor: 120_000,
          livingVerifiedOn: '2026-11-20',
        })
      ).status,
    ).toBe(200);
    expect((await programCosts()).costs.living).toMatchObject({
      monthlyMinor: 120_000,
      verifiedOn: '2026-11-20',
    });
    const gbp = await read('exchangeRates/GBP');
    expect(
      (await send('PUT', 'exchangeRates/GBP', { ...gbp, unitsPerUsd: '0.8', asOf: '2026-11-20' })).status,
    ).toBe(200);
    expect((await programCosts()).rates.GBP!.unitsPerUsd).toBe('0.8');
  });

  it.each([
    [
      `countryCosts/${WITH_HEALTH}`,
      { livingMonthlyMinor: 1483.5 },
      'livingMonthlyMinor must be whole minor units (1483.00 is 148300)',
    ],
    [`countryCosts/${WITH_HEALTH}`, { livingMonthlyMinor: -1 }, 'livingMonthlyMinor cannot be negative'],
    [
      `countryCosts/${WITH_HEALTH}`,
      { visaVerifiedOn: '2099-01-01' },
      'visaVerifiedOn must be a real date, not in the future',
    ],
    [
      `countryCosts/${WITH_HEALTH}`,
      { visaVerifiedOn: '1 April 2025' },
      'visaVerifiedOn must be a date like 2026-10-01',
    ],
    [
      `countryCosts/${WITH_HEALTH}`,
      { healthSource: null },
      'healthSource is required when a health charge is given (or clear every health field)',
    ],
    [
      `countryCosts/${WITH_HEALTH}`,
      { currency: 'XYZ' },
      'currency must be one of GBP, USD, EUR, CAD, AUD, NGN, BDT, INR, PKR, NZD, SEK, MYR, JPY',
    ],
    [`countryCosts/${WITHOUT_HEALTH}`, { livingSource: '' }, 'livingSource is required'],
    [
      'exchangeRates/GBP',
      { unitsPerUsd: '0.74x' },
      'unitsPerUsd must be a number with up to 6 decimals, e.g. 0.7412',
    ],
    ['exchangeRates/GBP', { unitsPerUsd: '0' }, 'unitsPerUsd must be more than 0'],
    [
      'exchangeRates/USD',
      { unitsPerUsd: '1.1' },
      'unitsPerUsd must be 1 for USD (rates are units per US dollar)',
    ],
  ])('refuses %s with %j: 400 naming the field', async (path, change, message) => {
    const item = await read(path);
    const res = await send('PUT', path, { ...item, ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
  });

  it('refuses a city in an unknown country and a cost in a currency without a rate', async () => {
    const city = {
      id: 'costs-lisbon',
      countryId: 'portugal-nowhere',
      name: 'Lisbon',
      currency: 'EUR',
      livingMonthlyMinor: 110_000,
      source: 'Estimate',
      verifiedOn: '2026-11-01',
    };
    const res = await send('POST', 'cityCosts', city);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'countryId "portugal-nowhere" is not a country',
    });
    const ok = await send('POST', 'cityCosts', {
      ...city,
      countryId: WITHOUT_HEALTH,
      id: 'costs-berlin',
      name: 'Berlin',
    });
    expect(ok.status).toBe(201);
  });
});
