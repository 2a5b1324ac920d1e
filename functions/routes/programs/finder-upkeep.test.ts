import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:test';
import { aCountry, aDepartment, aProgram, aUniversity, request } from '#functions/test/fixtures/index.ts';
import { programsResponse } from '#schemas/programs.ts';
import { CRONS, runScheduled } from '#functions/scheduled/index.ts';

// What migration 0016's triggers keep for the finder (db/queries/programs.ts): the stored facet
// cube (finder_cube), which answers every request without text or fee filters, and each program's
// fee in US dollars (subjects.fee_usd), the fee sort's key. Both must follow every writer: a
// program added, edited, moved, retired or deleted, and a rate the daily job or staff change.

/** Cells of the stored cube that differ from a count of the programs themselves (none when in step). */
async function cubeDrift() {
  const { results } = await env.DB.prepare(
    `with live as (select country_id, department_id, degree_type, intake_months, duration_months, count(*) as n
       from subjects where is_active = 1 group by 1, 2, 3, 4, 5)
     select * from (select * from live except select * from finder_cube)
     union all select * from (select * from finder_cube except select * from live)`,
  ).all();
  return results;
}
async function feeUsd(id: string) {
  return (await env.DB.prepare('select fee_usd from subjects where id = ?')
    .bind(id)
    .first<{ fee_usd: number | null }>())!.fee_usd;
}

describe('the stored facet cube', () => {
  it('is in step after the seed and after every kind of write to programs', async () => {
    expect(await cubeDrift()).toEqual([]);
    const country = await aCountry();
    const other = await aCountry();
    const department = await aDepartment();
    const university = await aUniversity({ countryId: country.id });
    const base = { universityId: university.id, countryId: country.id, departmentId: department.id };
    const a = await aProgram({ ...base, duration: '2 Years' });
    const b = await aProgram({ ...base, duration: 'Flexible' }); // no months: a null cell
    const c = await aProgram(base);
    expect(await cubeDrift()).toEqual([]);

    const steps = [
      `update subjects set duration = '18 Months' where id = '${a.id}'`,
      `update subjects set study_plan = json_set(study_plan, '$.intake', 'January 2028') where id = '${b.id}'`,
      `update subjects set is_active = 0 where id = '${c.id}'`,
      `update subjects set country_id = '${other.id}', degree_type = 'PhD' where id = '${a.id}'`,
      `update subjects set is_active = 1 where id = '${c.id}'`,
      `delete from subjects where id = '${b.id}'`,
    ];
    for (const step of steps) {
      await env.DB.prepare(step).run();
      expect(await cubeDrift(), step).toEqual([]);
    }
  });

  it('gives the finder the same counts as counting the programs', async () => {
    const country = await aCountry();
    const department = await aDepartment();
    const university = await aUniversity({ countryId: country.id });
    for (const duration of ['1 Year', '1 Year', '3 Years'])
      await aProgram({
        universityId: university.id,
        countryId: country.id,
        departmentId: department.id,
        duration,
      });
    // No filter reads the stored cube; a fee filter wide enough to keep every priced program counts
    // them from the index. The seed prices every program, so both totals and facets must agree.
    const stored = programsResponse.parse(await (await request('/api/programs')).json());
    const counted = programsResponse.parse(
      await (await request('/api/programs?minFee=0&maxFee=100000000&currency=USD')).json(),
    );
    expect(stored.total).toBe(counted.total);
    expect(stored.facets).toEqual(counted.facets);
    expect(stored.facets.country.find((f) => f.value === country.id)?.count).toBe(3);
  });
});

describe("each program's fee in US dollars", () => {
  const FEED = 'https://rates.example/latest';
  afterEach(() => vi.restoreAllMocks());

  it('follows its price, its currency and the rates, whoever writes them', async () => {
    const rate = async (id: string) =>
      Number(
        (await env.DB.prepare('select units_per_usd from exchange_rates where id = ?').bind(id).first<{
          units_per_usd: string;
        }>())!.units_per_usd,
      );
    const p = await aProgram({ basePrice: 20_000, currency: 'GBP' });
    expect(await feeUsd(p.id)).toBeCloseTo(20_000 / (await rate('GBP')), 6);

    await env.DB.prepare(`update subjects set base_price = 30000, currency = 'EUR' where id = ?`)
      .bind(p.id)
      .run();
    expect(await feeUsd(p.id)).toBeCloseTo(30_000 / (await rate('EUR')), 6);

    // The daily job moves every rate a little: the program's dollar fee moves with its own.
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const moved = Object.fromEntries(
      (
        await env.DB.prepare('select id, units_per_usd from exchange_rates where is_active = 1').all<{
          id: string;
          units_per_usd: string;
        }>()
      ).results.map((r) => [r.id, Number(r.units_per_usd) * (r.id === 'USD' ? 1 : 1.1)]),
    );
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ base: 'USD', date: '2099-01-01', rates: moved })),
    );
    const ran = await runScheduled(
      CRONS['exchange-rates'],
      { ...env, RATES_URL: FEED, RATES_SOURCE: 'Test feed' } as Env,
      new Date('2099-01-02T06:00:00Z'),
    );
    expect(ran['exchange-rates']).toMatchObject({ rejected: 0 });
    expect(await rate('EUR')).toBeCloseTo(moved.EUR!, 3);
    expect(await feeUsd(p.id)).toBeCloseTo(30_000 / (await rate('EUR')), 6);

    // A retired rate leaves its programs unpriced in dollars (last in the fee sort), until it returns.
    await env.DB.prepare(`update exchange_rates set is_active = 0 where id = 'EUR'`).run();
    expect(await feeUsd(p.id)).toBeNull();
    await env.DB.prepare(`update exchange_rates set is_active = 1 where id = 'EUR'`).run();
    expect(await feeUsd(p.id)).toBeCloseTo(30_000 / (await rate('EUR')), 6);

    await env.DB.prepare('update subjects set base_price = null where id = ?').bind(p.id).run();
    expect(await feeUsd(p.id)).toBeNull();
  });
});
