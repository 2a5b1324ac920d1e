import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import {
  aCityCost,
  aCountry,
  aCountryCost,
  UK_LIKE_HEALTH_CHARGE,
  aDepartment,
  aProgram,
  aUniversity,
  request,
} from '#functions/test/fixtures/index.ts';
import {
  compareResponse,
  programCostsResponse,
  programsResponse,
  type ProgramsResponse,
} from '#schemas/programs.ts';
import { PROGRAMS_PAGE_SIZE } from '#schemas/finder-terms.ts';

// GET /api/programs: every parameter against an oracle computed here, in
// JavaScript, from the rows in the database, and every parameter's 400.
//
// The oracle reads every row (the seed's too), but every value a test filters by, and every row a
// test needs to match, is made below with ids no seed row has: a change to content/ cannot leave a
// filter without matches or move a figure the compare test checks. They lead the catalogue
// (negative sort orders), so the first page starts with them.

const HOME = { id: 'finder-home', name: 'Finderland' }; // with a health charge, like the UK
const AWAY = { id: 'finder-away', name: 'Awayland' }; // in US dollars, with a city's own living cost
const EURO = { id: 'finder-euro', name: 'Euroland' }; // in euros
const RETIRING = { id: 'finder-retiring', name: 'Retiringland' }; // its first program is retired below
const DATA_DEPARTMENT = 'finder-data-science';
const P = {
  data: 'finder-msc-data-science',
  nursing: 'finder-msc-nursing-adult',
  computing: 'finder-ms-computer-science',
  dataEuro: 'finder-msc-data-science-and-ai',
  phd: 'finder-phd-physics',
  economics: 'finder-ma-economics',
  finance: 'finder-msc-finance',
};

beforeAll(async () => {
  for (const country of [HOME, AWAY, EURO, RETIRING]) await aCountry(country);
  await aCountryCost(HOME.id, {
    livingMonthlyMinor: 113_600,
    livingVerifiedOn: '2025-01-02',
    visaFeeMinor: 52_400,
    ...UK_LIKE_HEALTH_CHARGE,
  });
  await aCountryCost(AWAY.id, { currency: 'USD', livingMonthlyMinor: 120_000, visaFeeMinor: 18_500 });
  await aCityCost(AWAY.id, { name: 'Tempeville', currency: 'USD', livingMonthlyMinor: 150_000 });
  await aCountryCost(EURO.id, { currency: 'EUR', livingMonthlyMinor: 99_200, visaFeeMinor: 7_500 });
  await aDepartment({ id: DATA_DEPARTMENT });
  const other = await aDepartment();
  const universities = {
    [HOME.id]: await aUniversity({ countryId: HOME.id }),
    [AWAY.id]: await aUniversity({ countryId: AWAY.id }),
    [EURO.id]: await aUniversity({ countryId: EURO.id }),
    [RETIRING.id]: await aUniversity({ countryId: RETIRING.id }),
  };
  const plan = (intake: string, futureIntakes: string[] = []) => ({
    degree: 'Master of Science',
    duration: 'Full-time',
    intake,
    futureIntakes,
  });
  let sortOrder = -100;
  const program = (
    id: string,
    country: { id: string; name: string },
    fields: Partial<Parameters<typeof aProgram>[0]> & { basePrice: number; currency: string },
  ) =>
    aProgram({
      id,
      universityId: universities[country.id]!.id,
      countryId: country.id,
      departmentId: other.id,
      location: `Campus Town, ${country.name}`,
      degreeType: 'Master',
      duration: '1 Year',
      studyPlan: plan('September 2027'),
      feesVerifiedOn: '2026-10-01',
      sortOrder: sortOrder++,
      ...fields,
    });
  // Fees are clear of every bound the fee test uses (none within a penny of one).
  await program(P.data, HOME, {
    name: 'MSc Data Science',
    description: ['Statistics and machine learning for data science.'],
    departmentId: DATA_DEPARTMENT,
    location: `Leeds, ${HOME.name}`,
    studyPlan: plan('September 2027', ['January 2028']),
    basePrice: 28_750,
    currency: 'GBP',
  });
  await program(P.nursing, HOME, {
    name: 'MSc Nursing (Adult)',
    description: ['Adult nursing practice, with data from hospital wards.'],
    basePrice: 12_000,
    currency: 'GBP',
  });
  await program(P.computing, AWAY, {
    name: 'MS Computer Science',
    location: `Tempeville, ${AWAY.name}`,
    duration: '2 Years',
    studyPlan: plan('January 2027'),
    basePrice: 20_000,
    currency: 'USD',
  });
  await program(P.dataEuro, EURO, {
    name: 'MSc Data Science and AI',
    description: ['The data and science of learning machines.'],
    departmentId: DATA_DEPARTMENT,
    duration: '1.5 Years',
    studyPlan: plan('October 2027'),
    basePrice: 15_000,
    currency: 'EUR',
  });
  await program(P.phd, HOME, {
    name: 'PhD Physics',
    degreeType: 'Doctorate',
    duration: '3 Years',
    basePrice: 9_500,
    currency: 'GBP',
  });
  await program(P.economics, EURO, { name: 'MA Economics', basePrice: 9_000, currency: 'EUR' });
  await program(P.finance, AWAY, { name: 'MSc Finance', basePrice: 31_000, currency: 'USD' });
  await program('finder-retiring-first', RETIRING, {
    name: 'MSc Retiring',
    basePrice: 11_000,
    currency: 'GBP',
  });
  await program('finder-retiring-second', RETIRING, {
    name: 'MSc Staying',
    basePrice: 11_500,
    currency: 'GBP',
  });
});

/** Units of each currency per US dollar, as the database holds them (the oracle converts with these). */
async function dbRates() {
  const { results } = await env.DB.prepare('select id, units_per_usd from exchange_rates').all<{
    id: string;
    units_per_usd: string;
  }>();
  return Object.fromEntries(results.map((r) => [r.id, Number(r.units_per_usd)])) as Record<string, number>;
}

interface Row {
  id: string;
  name: string;
  description: string;
  country_id: string;
  degree_type: string;
  department_id: string;
  study_plan: string;
  duration: string;
  base_price: number | null;
  currency: string;
  sort_order: number;
  is_active: number;
}
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

async function rows() {
  const { results } = await env.DB.prepare(
    'select id, name, description, country_id, degree_type, department_id, study_plan, duration, base_price, currency, sort_order, is_active from subjects',
  ).all<Row>();
  return results
    .filter((r) => r.is_active === 1)
    .map((r) => {
      const plan = JSON.parse(r.study_plan) as { intake: string; futureIntakes: string[] };
      const n = Number.parseFloat(r.duration);
      return {
        ...r,
        intakeMonths: new Set(
          [plan.intake, ...plan.futureIntakes]
            .map((s) => months.indexOf(s.trim().slice(0, 3).toLowerCase()) + 1)
            .filter((m) => m > 0),
        ),
        durationMonths: /month/i.test(r.duration)
          ? Math.round(n)
          : /year/i.test(r.duration)
            ? Math.round(n * 12)
            : null,
      };
    });
}
type Oracle = Awaited<ReturnType<typeof rows>>[number];
const byCatalogue = (a: Oracle, b: Oracle) =>
  a.sort_order - b.sort_order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

async function get(qs: string) {
  const res = await request(`/api/programs${qs ? `?${qs}` : ''}`);
  const body = await res.json();
  return { status: res.status, body: body as ProgramsResponse & { success?: false; message?: string } };
}

/** Every page of a query: the ids in result order. */
async function allIds(params: Record<string, string>) {
  const first = (await get(new URLSearchParams(params).toString())).body;
  const ids = first.items.map((i) => i._id);
  for (let page = 2; (page - 1) * PROGRAMS_PAGE_SIZE < first.total; page++) {
    ids.push(
      ...(await get(new URLSearchParams({ ...params, page: String(page) }).toString())).body.items.map(
        (i) => i._id,
      ),
    );
  }
  return { total: first.total, ids, first };
}

describe('GET /api/programs', () => {
  it('answers the first page of every active program, with facets, in the shape of the shared schema', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    programsResponse.parse(body);
    const all = (await rows()).sort(byCatalogue);
    expect(body.total).toBe(all.length);
    expect(body).toMatchObject({ page: 1, pageSize: PROGRAMS_PAGE_SIZE });
    expect(body.items.map((i) => i._id)).toEqual(all.slice(0, PROGRAMS_PAGE_SIZE).map((r) => r.id));
    expect(body.items[0]).toMatchObject({
      university: expect.any(String),
      country: expect.any(String),
      intake: expect.any(String),
      feesVerifiedOn: '2026-10-01',
    });
    for (const facet of ['country', 'level', 'department'] as const) {
      expect(
        body.facets[facet].reduce((s, f) => s + f.count, 0),
        facet,
      ).toBe(all.length);
    }
    expect(body.facets.country.find((f) => f.value === HOME.id)).toEqual({
      value: HOME.id,
      label: HOME.name,
      count: all.filter((r) => r.country_id === HOME.id).length,
    });
    expect(body.facets.intake.map((f) => f.count)).toEqual(
      months.map((_, i) => all.filter((r) => r.intakeMonths.has(i + 1)).length),
    );
    expect(body.facets.intake[8]).toMatchObject({ value: '9', label: 'September' });
  });

  it.each([
    [
      'q',
      'data science',
      (r: Oracle) => ['data', 'science'].every((w) => `${r.name} ${r.description}`.toLowerCase().includes(w)),
    ],
    ['q', 'NURSING', (r: Oracle) => `${r.name} ${r.description}`.toLowerCase().includes('nursing')],
    ['q', 'ms', (r: Oracle) => /(^| )ms/i.test(r.name)],
    ['q', 'ph', (r: Oracle) => /(^| )ph/i.test(r.name)],
    ['country', HOME.id, (r: Oracle) => r.country_id === HOME.id],
    ['level', 'Master', (r: Oracle) => r.degree_type === 'Master'],
    ['department', DATA_DEPARTMENT, (r: Oracle) => r.department_id === DATA_DEPARTMENT],
    ['intake', '1', (r: Oracle) => r.intakeMonths.has(1)],
    ['intake', '9', (r: Oracle) => r.intakeMonths.has(9)],
    ['duration', 'up-to-1-year', (r: Oracle) => r.durationMonths !== null && r.durationMonths <= 12],
    [
      'duration',
      '1-to-2-years',
      (r: Oracle) => r.durationMonths !== null && r.durationMonths > 12 && r.durationMonths <= 24,
    ],
    ['duration', 'over-2-years', (r: Oracle) => r.durationMonths !== null && r.durationMonths > 24],
  ] as const)('filters by %s=%s exactly as the rule says', async (param, value, rule) => {
    const want = (await rows())
      .filter(rule)
      .sort(byCatalogue)
      .map((r) => r.id);
    expect(
      want.filter((id) => id.startsWith('finder-')).length,
      'the programs made above have matches',
    ).toBeGreaterThan(0);
    const got = await allIds({ [param]: value });
    expect(got.total).toBe(want.length);
    // Relevance puts programs whose name holds the words first: compare as sets for q.
    if (param === 'q') expect([...got.ids].sort()).toEqual([...want].sort());
    else expect(got.ids).toEqual(want);
  });

  it('ranks programs whose name holds the words first, then in catalogue order', async () => {
    const got = await allIds({ q: 'data' });
    const names = new Map((await rows()).map((r) => [r.id, r.name.toLowerCase()]));
    const inName = got.ids.map((id) => names.get(id)!.includes('data'));
    expect(inName.indexOf(false)).toBeGreaterThan(0);
    expect(inName.slice(inName.indexOf(false)).includes(true)).toBe(false);
  });

  it("converts fee bounds into each program's own currency (minFee, maxFee, currency)", async () => {
    const all = await rows();
    const rates = await dbRates();
    for (const [min, max, currency] of [
      [undefined, 20_000, 'GBP'],
      [15_000, 30_000, 'USD'],
      [2_000_000, undefined, 'INR'],
      [10_000, 25_000, 'EUR'],
    ] as const) {
      const rate = rates[currency]!;
      // In the bound's currency; programs within a penny of a bound are left out of the comparison.
      const inBound = all
        .filter((r) => r.base_price !== null)
        .map((r) => ({ r, fee: (r.base_price! / rates[r.currency]!) * rate }));
      const near = (fee: number) => [min, max].some((b) => b !== undefined && Math.abs(fee - b) < 0.01);
      const want = inBound
        .filter(({ fee }) => (min === undefined || fee >= min) && (max === undefined || fee <= max))
        .map(({ r }) => r.id)
        .sort();
      const params: Record<string, string> = { currency };
      if (min !== undefined) params.minFee = String(min);
      if (max !== undefined) params.maxFee = String(max);
      const got = await allIds(params);
      expect(inBound.some(({ fee }) => near(fee))).toBe(false);
      expect([...got.ids].sort(), `${min}-${max} ${currency}`).toEqual(want);
      expect(want.length).toBeGreaterThan(0);
      expect(
        want.some((id) => id.startsWith('finder-')),
        'a program made above is in bounds',
      ).toBe(true);
    }
  });

  it('sorts by fee (compared in one currency), name and next intake', async () => {
    const fee = await allIds({ sort: 'fee', country: EURO.id });
    expect(fee.ids.length).toBeGreaterThan(1);
    const all = await rows();
    const rates = await dbRates();
    const usd = (id: string) => {
      const r = all.find((x) => x.id === id)!;
      return r.base_price! / rates[r.currency]!;
    };
    expect(fee.ids.map(usd)).toEqual([...fee.ids.map(usd)].sort((a, b) => a - b));
    const cheapest = await allIds({ sort: 'fee' });
    const priced = cheapest.ids.filter((id) => all.find((r) => r.id === id)!.base_price !== null);
    expect(priced.map(usd)).toEqual([...priced.map(usd)].sort((a, b) => a - b));

    const name = await allIds({ sort: 'name' });
    const names = name.ids.map((id) => all.find((r) => r.id === id)!.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const intake = await allIds({ sort: 'intake' });
    const next = (id: string) => {
      const plan = JSON.parse(all.find((r) => r.id === id)!.study_plan) as { intake: string };
      return Number(plan.intake.slice(-4)) * 100 + months.indexOf(plan.intake.slice(0, 3).toLowerCase()) + 1;
    };
    expect(intake.ids.map(next)).toEqual([...intake.ids.map(next)].sort((a, b) => a - b));
  });

  it('pages through the results (page), and past the end answers no items with the total', async () => {
    const want = (await rows()).sort(byCatalogue).map((r) => r.id);
    const second = (await get('page=2')).body;
    expect(second.items.map((i) => i._id)).toEqual(want.slice(PROGRAMS_PAGE_SIZE, 2 * PROGRAMS_PAGE_SIZE));
    expect((await get('page=400')).body).toMatchObject({ total: want.length, page: 400, items: [] });
  });

  it('counts each facet under every other active filter, never its own', async () => {
    const all = await rows();
    const filters = { country: HOME.id, level: 'Master', intake: '9', duration: 'up-to-1-year' };
    const { body } = await get(new URLSearchParams(filters).toString());
    const match = (r: Oracle, except: string) =>
      (except === 'country' || r.country_id === filters.country) &&
      (except === 'level' || r.degree_type === filters.level) &&
      (except === 'intake' || r.intakeMonths.has(9)) &&
      (except === 'duration' || (r.durationMonths !== null && r.durationMonths <= 12));
    expect(body.total).toBe(all.filter((r) => match(r, '')).length);
    for (const f of body.facets.country)
      expect(f.count, f.value).toBe(
        all.filter((r) => match(r, 'country') && r.country_id === f.value).length,
      );
    for (const f of body.facets.level)
      expect(f.count, f.value).toBe(all.filter((r) => match(r, 'level') && r.degree_type === f.value).length);
    for (const f of body.facets.department)
      expect(f.count, f.value).toBe(all.filter((r) => match(r, '') && r.department_id === f.value).length);
    for (const f of body.facets.intake)
      expect(f.count, f.label).toBe(
        all.filter((r) => match(r, 'intake') && r.intakeMonths.has(Number(f.value))).length,
      );
    // Choosing a facet value gives exactly the count it showed.
    const away = body.facets.country.find((f) => f.value === AWAY.id)!;
    expect(away.count).toBeGreaterThan(0);
    expect((await get(new URLSearchParams({ ...filters, country: AWAY.id }).toString())).body.total).toBe(
      away.count,
    );
  });

  it('takes several countries, comma-separated, with facet counts to match', async () => {
    const all = await rows();
    const chosen = [HOME.id, AWAY.id];
    const { total, ids, first } = await allIds({
      country: ` ${HOME.id},${AWAY.id}, ${HOME.id},`,
      level: 'Master',
    });
    const want = all
      .filter((r) => chosen.includes(r.country_id) && r.degree_type === 'Master')
      .sort(byCatalogue)
      .map((r) => r.id);
    expect(total).toBe(want.length);
    expect(ids).toEqual(want);
    expect(ids).toEqual(expect.arrayContaining([P.data, P.nursing, P.computing, P.finance]));
    expect(ids).not.toContain(P.dataEuro);
    // The country facet counts under every other filter, never its own: each country's own figure.
    for (const f of first.facets.country)
      expect(f.count, f.value).toBe(
        all.filter((r) => r.country_id === f.value && r.degree_type === 'Master').length,
      );
    const byId = (id: string) => first.facets.country.find((f) => f.value === id)!.count;
    expect(byId(HOME.id) + byId(AWAY.id)).toBe(total);
    // Other facets count over both countries.
    for (const f of first.facets.level)
      expect(f.count, f.value).toBe(
        all.filter((r) => chosen.includes(r.country_id) && r.degree_type === f.value).length,
      );
    // One country in a list is the same as that country alone.
    expect((await get(`country=${EURO.id}`)).body.total).toBe((await get(`country=${EURO.id},`)).body.total);
  });

  it('treats the empty parameters a GET form sends as not set', async () => {
    const { status, body } = await get(
      'q=&country=&level=&department=&intake=&minFee=&maxFee=&currency=GBP&duration=&sort=&page=',
    );
    expect(status).toBe(200);
    expect(body.total).toBe((await rows()).length);
  });

  it.each([
    ['q', `q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
    ['q (twice)', 'q=a&q=b', 'q must be one search text'],
    ['country', 'country=United%20Kingdom', 'country must be an id such as united-kingdom'],
    [
      'country (twice)',
      'country=ireland&country=germany',
      'country must be one or more country ids, separated by commas',
    ],
    ['level', `level=${'x'.repeat(61)}`, 'level must be at most 60 characters'],
    ['department', 'department=Data_Science', 'department must be an id such as data-science-ai'],
    ['intake (13)', 'intake=13', 'intake must be a month number from 1 (January) to 12 (December)'],
    ['intake (text)', 'intake=september', 'intake must be a month number from 1 (January) to 12 (December)'],
    [
      'minFee (negative)',
      'minFee=-1&currency=GBP',
      'minFee must be a whole amount of 0 or more, in the currency given',
    ],
    [
      'minFee (decimal)',
      'minFee=10.5&currency=GBP',
      'minFee must be a whole amount of 0 or more, in the currency given',
    ],
    [
      'maxFee (text)',
      'maxFee=cheap&currency=GBP',
      'maxFee must be a whole amount of 0 or more, in the currency given',
    ],
    ['minFee above maxFee', 'minFee=30000&maxFee=20000&currency=GBP', 'minFee must not be more than maxFee'],
    [
      'currency (missing)',
      'maxFee=20000',
      'currency is required with minFee or maxFee (for example currency=GBP)',
    ],
    [
      'currency (unknown)',
      'maxFee=20000&currency=XYZ',
      'currency must be one of GBP, USD, EUR, CAD, AUD, NGN, BDT, INR, PKR, NZD, SEK, MYR, JPY',
    ],
    ['country (not an id)', 'country=united-kingdom,Canada!', 'country must be an id such as united-kingdom'],
    [
      'country (too many)',
      `country=${Array.from({ length: 21 }, (_, i) => `c${i}`).join(',')}`,
      'country: choose at most 20 countries',
    ],
    ['duration', 'duration=forever', 'duration must be one of up-to-1-year, 1-to-2-years, over-2-years'],
    ['sort', 'sort=price', 'sort must be one of relevance, fee, name, intake'],
    ['page (0)', 'page=0', 'page must be a whole number from 1 to 500'],
    ['page (too deep)', 'page=501', 'page must be a whole number from 1 to 500'],
    ['page (text)', 'page=two', 'page must be a whole number from 1 to 500'],
  ])('answers 400 naming the parameter: %s', async (_, qs, message) => {
    const { status, body } = await get(qs);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message });
  });

  it('accepts a lower-case currency, and treats FTS syntax and LIKE wildcards as plain text', async () => {
    expect((await get('maxFee=20000&currency=gbp')).status).toBe(200);
    for (const q of ['"', 'a OR b', '%%', 'NEAR(', '*', '_', 'data*']) {
      const { status } = await get(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
    }
    expect((await get('q=%25')).body.total).toBe(0);
  });

  it('leaves retired programs out of the results and the counts', async () => {
    const before = (await get(`country=${RETIRING.id}`)).body;
    expect(before.total).toBe(2);
    await env.DB.prepare('update subjects set is_active = 0 where id = ?').bind(before.items[0]!._id).run();
    const after = (await get(`country=${RETIRING.id}`)).body;
    expect(after.total).toBe(before.total - 1);
    expect(after.facets.country.find((f) => f.value === RETIRING.id)!.count).toBe(before.total - 1);
  });
});

describe('the finder columns follow edits (triggers)', () => {
  it('re-derives intake months, next intake and duration when a subject changes', async () => {
    const id = P.nursing;
    const before = (await get('intake=3&duration=over-2-years')).body.items.map((i) => i._id);
    expect(before).not.toContain(id);
    await env.DB.prepare(
      `update subjects set duration = '3 Years', study_plan = json_set(study_plan, '$.intake', 'March 2000', '$.futureIntakes', json('[]')) where id = ?`,
    )
      .bind(id)
      .run();
    const after = await allIds({ intake: '3', duration: 'over-2-years', sort: 'intake' });
    expect(after.ids).toContain(id);
    expect(after.ids[0]).toBe(id); // March 2000 is the earliest intake the finder reads
    expect((await allIds({ intake: '9' })).ids).not.toContain(id);
  });
});

describe('GET /api/programs/compare', () => {
  const ids = [P.data, P.computing, P.dataEuro];

  it('answers the programs in the order asked, each with its cost inputs, and the rates', async () => {
    const res = await request(`/api/programs/compare?ids=${ids.join(',')}`);
    expect(res.status).toBe(200);
    const body = compareResponse.parse(await res.json());
    expect(body.items.map((i) => i._id)).toEqual(ids);
    const [inHome, inAway, inEuro] = body.items;
    expect(inHome!.costs).toMatchObject({
      months: 12,
      tuition: { annualMinor: 2_875_000, currency: 'GBP', verifiedOn: '2026-10-01' },
      living: { monthlyMinor: 113_600, currency: 'GBP', place: HOME.name, verifiedOn: '2025-01-02' },
      visa: { feeMinor: 52_400, currency: 'GBP' },
      health: {
        name: 'Immigration Health Surcharge',
        annualMinor: 77_600,
        extraMonthsLong: 4,
        extraMonthsShort: 2,
      },
    });
    expect(inAway!.costs.living).toMatchObject({
      place: 'Tempeville',
      currency: 'USD',
      monthlyMinor: 150_000,
    }); // the city's figure
    expect(inAway!.costs.health).toBeNull();
    expect(inEuro!.costs.visa).toMatchObject({ feeMinor: 7_500, currency: 'EUR' });
    expect(inHome!.entryRequirements.englishLanguageRequirements.length).toBeGreaterThan(0);
    // The rates are the database's (keyed by ISO code, so the seed's: there is no rate of a test's own).
    const ngn = await env.DB.prepare(
      "select units_per_usd, as_of from exchange_rates where id = 'NGN'",
    ).first<{
      units_per_usd: string;
      as_of: string;
    }>();
    expect(body.rates.NGN).toEqual({
      unitsPerUsd: ngn!.units_per_usd,
      asOf: ngn!.as_of,
      source: expect.any(String),
    });
  });

  it.each([
    ['one program', `ids=${P.data}`, 400, 'Choose at least 2 programs to compare'],
    ['the same program twice', `ids=${P.data},${P.data}`, 400, 'Choose at least 2 programs to compare'],
    [
      'five programs',
      `ids=${['a', 'b', 'c', 'd', 'e'].join(',')}`,
      400,
      'You can compare up to 4 programs at a time',
    ],
    ['no ids', '', 400, 'ids must list 2 to 4 program ids, separated by commas'],
    [
      'an unknown id',
      `ids=${P.data},no-such-program`,
      404,
      'We could not find the program "no-such-program". It may have been removed: choose programs again from the course finder.',
    ],
  ])('answers a clear message for %s', async (_, qs, status, message) => {
    const res = await request(`/api/programs/compare?${qs}`);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ success: false, message });
  });
});

describe('GET /api/programs/{id}/costs', () => {
  it("answers one program's cost inputs and the rates, 404 for an unknown one", async () => {
    const res = await request(`/api/programs/${P.data}/costs`);
    const body = programCostsResponse.parse(await res.json());
    expect(body.costs.health?.annualMinor).toBe(77_600);
    expect(Object.keys(body.rates)).toContain('GBP');
    const missing = await request('/api/programs/no-such-program/costs');
    expect(missing.status).toBe(404);
  });
});
