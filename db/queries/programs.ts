import { sql, type SQL } from 'drizzle-orm';
import * as t from '../schema/index.ts';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../client.ts';
import { ftsPhrase, likeContains, likeWordStart, trigramSearchable } from './text-search.ts';
import { CURRENCIES, convert, fraction, majorToMinor, minorPerMajor, rateMicros, type CurrencyCode, type RateTable } from '../../schemas/money.ts';
import { PROGRAMS_PAGE_SIZE, durationBands, monthNames, type DurationBand } from '../../schemas/finder-terms.ts';
import type { FacetValue, ProgramCard, ProgramsQuery, ProgramsResponse } from '../../schemas/programs.ts';

/**
 * The program finder (GET /api/programs and the pre-rendered /courses): filters, facet counts and
 * one page, in one D1 batch (one round trip) of three statements:
 *   1. the total and the country, level, department and duration facets (UNION ALL of counts);
 *   2. the intake facet (one pass summing the twelve month bits);
 *   3. the page's rowids in result order, then only those rows, with university and country.
 * Every statement reads `subjects` through `subjects_finder_idx` (INDEXED BY: the plan never
 * depends on table statistics), which holds every filter, facet and sort key, so counting and
 * paging never open the ~1 KB JSON rows; only the page's 12 rows are read. Text goes through the
 * FTS5 trigram index (`subjects_fts`). Raw SQL because Drizzle's builder has no INDEXED BY and its
 * D1 batch cannot bind a raw query's parameters. Plans are pinned by
 * functions/routes/programs/programs-index.test.ts.
 */

type Facet = 'country' | 'level' | 'department' | 'intake' | 'duration';

/** The words of a search: those of 3+ characters go to the trigram index; shorter ones only when there is nothing else. */
export function searchWords(q: string | undefined) {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const long = words.filter(trigramSearchable);
  // Short words are bound twice in each of the counts: three keep a statement under D1's 100 parameters.
  return long.length ? { fts: long, short: [] as string[] } : { fts: [] as string[], short: words.slice(0, 3) };
}

/** Fee bounds converted into each priced currency, in whole minor units (min rounded up, max down: exact). */
export function feeBounds(q: Pick<ProgramsQuery, 'minFee' | 'maxFee' | 'currency'>, rates: RateTable) {
  if (!q.currency || (q.minFee === undefined && q.maxFee === undefined)) return undefined;
  const from = q.currency;
  const bounds: { currency: CurrencyCode; minMinor: bigint | null; maxMinor: bigint | null }[] = [];
  for (const code of Object.keys(CURRENCIES) as CurrencyCode[]) {
    const toMinor = (major: number, round: 'up' | 'down') => {
      const exact = convert(fraction(majorToMinor(major, from)), from, code, rates);
      if (!exact) return undefined;
      const floor = exact.num / exact.den;
      return round === 'down' || floor * exact.den === exact.num ? floor : floor + 1n;
    };
    const minMinor = q.minFee === undefined ? null : toMinor(q.minFee, 'up');
    const maxMinor = q.maxFee === undefined ? null : toMinor(q.maxFee, 'down');
    if (minMinor === undefined || maxMinor === undefined) continue; // no rate: such programs can't be compared
    bounds.push({ currency: code, minMinor, maxMinor });
  }
  return bounds;
}

/** The WHERE conditions of the active filters, leaving out `except` (a facet counts under the others). */
function conditions(q: ProgramsQuery, fees: ReturnType<typeof feeBounds>, except?: Facet): SQL {
  const parts: SQL[] = [sql`s.is_active = 1`];
  const { fts, short } = searchWords(q.q);
  if (fts.length) parts.push(sql`+s.rowid in hits`);
  // 1–2 character words can't use trigrams: they match the start of a word in the name (in the index).
  for (const w of short) {
    const [atStart, afterSpace] = likeWordStart(w);
    parts.push(sql`(s.name like ${atStart} escape '\\' or s.name like ${afterSpace} escape '\\')`);
  }
  if (q.country && except !== 'country') parts.push(sql`s.country_id = ${q.country}`);
  if (q.level && except !== 'level') parts.push(sql`s.degree_type = ${q.level}`);
  if (q.department && except !== 'department') parts.push(sql`s.department_id = ${q.department}`);
  if (q.intake && except !== 'intake') parts.push(sql.raw(`(s.intake_months & ${1 << (q.intake - 1)}) != 0`));
  if (q.duration && except !== 'duration') {
    const band = durationBands[q.duration];
    parts.push(sql.raw(`s.duration_months between ${band.min} and ${band.max}`));
  }
  if (fees) {
    // Per currency: the program's fee in minor units against the bounds converted into that currency.
    // Written into the SQL, not bound: codes from our own list and integers we computed (D1 binds at
    // most 100 parameters a statement, and this repeats in each of the counts).
    const perCurrency = fees.map(({ currency, minMinor, maxMinor }) => {
      const fee = `s.base_price * ${minorPerMajor(currency)}`;
      return [`s.currency = '${currency}'`, ...(minMinor !== null ? [`${fee} >= ${minMinor}`] : []), ...(maxMinor !== null ? [`${fee} <= ${maxMinor}`] : [])].join(' and ');
    });
    parts.push(sql.raw(perCurrency.length ? `s.base_price is not null and (${perCurrency.map((p) => `(${p})`).join(' or ')})` : '0'));
  }
  return sql.join(parts, sql` and `);
}

const finder = sql.raw('subjects s indexed by subjects_finder_idx');

const durationCase = sql.raw(
  `case ${Object.entries(durationBands).map(([name, b]) => `when s.duration_months between ${b.min} and ${b.max} then '${name}'`).join(' ')} end`,
);

/** ORDER BY for a sort; `s` is the subject, `x` its currency's rate (joined for the fee sort). */
function orderBy(q: ProgramsQuery): SQL {
  const { fts } = searchWords(q.q);
  switch (q.sort) {
    // Tuition compared across currencies in US dollars; programs without a price or a rate last.
    case 'fee': return sql`(s.base_price is null or x.units_per_usd is null), s.base_price / cast(x.units_per_usd as real), s.sort_order, s.name`;
    case 'name': return sql`s.name, s.sort_order`;
    case 'intake': return sql`s.next_intake is null, s.next_intake, s.sort_order, s.name`;
    default:
      // Programs whose name holds the words come before those that only mention them.
      return fts.length
        ? sql`(${sql.join(fts.map((w) => sql`(s.name like ${likeContains(w)} escape '\\')`), sql` + `)}) desc, s.sort_order, s.name`
        : sql`s.sort_order, s.name`;
  }
}

/** The three statements of one finder request (exported so a test can check their query plans). */
export function finderStatements(q: ProgramsQuery, fees: ReturnType<typeof feeBounds>) {
  const { fts } = searchWords(q.q);
  const hits = fts.length ? sql`with hits as materialized (select rowid from subjects_fts where subjects_fts match ${fts.map(ftsPhrase).join(' ')}) ` : sql``;
  const where = (except?: Facet) => conditions(q, fees, except);
  const counts = sql`${hits}select 'total' as facet, null as value, null as label, count(*) as n from ${finder} where ${where()}
union all select 'country', c.id, c.name, coalesce(k.n, 0) from countries c left join (select s.country_id as v, count(*) as n from ${finder} where ${where('country')} group by s.country_id) k on k.v = c.id where c.is_active = 1 or k.n > 0
union all select 'department', d.id, d.name, coalesce(k.n, 0) from departments d left join (select s.department_id as v, count(*) as n from ${finder} where ${where('department')} group by s.department_id) k on k.v = d.id where d.is_active = 1 or k.n > 0
union all select 'level', s.degree_type, s.degree_type, count(*) from ${finder} where ${where('level')} group by s.degree_type
union all select 'duration', ${durationCase}, null, count(*) from ${finder} where ${where('duration')} and s.duration_months is not null group by 2`;
  const intake = sql`${hits}select ${sql.raw(monthNames.map((_, i) => `sum((s.intake_months & ${1 << i}) != 0) as m${i + 1}`).join(', '))} from ${finder} where ${where('intake')}`;
  const rate = q.sort === 'fee' ? sql` left join exchange_rates x on x.id = s.currency and x.is_active = 1` : sql``;
  const page = sql`${fts.length ? sql`${hits}, ` : sql`with `}page as (select s.rowid as r from ${finder}${rate} where ${where()} order by ${orderBy(q)} limit ${sql.raw(String(PROGRAMS_PAGE_SIZE))} offset ${sql.raw(String((q.page - 1) * PROGRAMS_PAGE_SIZE))})
select s.id, s.name, u.name as university, s.country_id as countryId, c.name as country, s.location, s.department_id as departmentId, s.degree_type as degreeType,
  s.duration, s.duration_months as durationMonths, s.base_price as basePrice, s.currency, s.fees_verified_on as feesVerifiedOn, s.study_plan as studyPlan
from page join subjects s on s.rowid = page.r left join universities u on u.id = s.university_id left join countries c on c.id = s.country_id${rate}
order by ${orderBy(q)}`;
  return { counts, intake, page };
}

const dialect = new SQLiteSyncDialect();

/** Runs raw statements in one D1 batch (one round trip, one consistent snapshot). */
async function batch(db: Db, statements: SQL[]) {
  const client = db.$client;
  const prepared = statements.map((s) => {
    const { sql: text, params } = dialect.sqlToQuery(s);
    return client.prepare(text).bind(...params);
  });
  return (await client.batch<Record<string, unknown>>(prepared)).map((r) => r.results);
}

/** Active exchange rates (units per US dollar) as exact millionths. */
export async function rateTable(db: Db): Promise<RateTable> {
  const rows = await db.all<{ id: string; units_per_usd: string }>(sql`select id, units_per_usd from exchange_rates where is_active = 1`);
  const out: RateTable = {};
  for (const r of rows) {
    try {
      out[r.id] = rateMicros(r.units_per_usd);
    } catch {
      // A malformed rate (only possible by hand in SQL) counts as none.
    }
  }
  return out;
}

interface PageRow { id: string; name: string; university: string | null; countryId: string; country: string | null; location: string; departmentId: string; degreeType: string; duration: string; durationMonths: number | null; basePrice: number | null; currency: string; feesVerifiedOn: string | null; studyPlan: string }
interface CountRow { facet: Facet | 'total'; value: string | null; label: string | null; n: number }

/** One finder answer: the page, the total and every facet (see the module comment). */
export async function findPrograms(db: Db, q: ProgramsQuery): Promise<ProgramsResponse> {
  const fees = q.currency && (q.minFee !== undefined || q.maxFee !== undefined) ? feeBounds(q, await rateTable(db)) : undefined;
  const { counts, intake, page } = finderStatements(q, fees);
  const [countRows, intakeRows, pageRows] = (await batch(db, [counts, intake, page])) as [CountRow[], Record<string, number | null>[], PageRow[]];

  const facets: ProgramsResponse['facets'] = { country: [], level: [], department: [], intake: [], duration: [] };
  let total = 0;
  for (const row of countRows) {
    if (row.facet === 'total') total = row.n;
    else if (row.value !== null) facets[row.facet].push({ value: row.value, label: row.label ?? row.value, count: row.n });
  }
  const sums = intakeRows[0] ?? {};
  facets.intake = monthNames.map((label, i) => ({ value: String(i + 1), label, count: Number(sums[`m${i + 1}`] ?? 0) }));
  facets.level.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const bandOrder = Object.keys(durationBands) as DurationBand[];
  facets.duration = bandOrder.map((band) => ({ value: band, label: durationBands[band].label, count: facets.duration.find((f) => f.value === band)?.count ?? 0 }));
  // A chosen level with no programs under the other filters still shows (with 0), so it can be unchosen.
  if (q.level && !facets.level.some((f) => f.value === q.level)) facets.level.push({ value: q.level, label: q.level, count: 0 } satisfies FacetValue);

  return {
    total,
    page: q.page,
    pageSize: PROGRAMS_PAGE_SIZE,
    items: pageRows.map(toCard),
    facets,
  };
}

/** Columns of a program card for Drizzle selects (the saved list, compare): join universities and countries. */
export const programCardColumns = {
  id: t.subjects.id, name: t.subjects.name, university: t.universities.name, countryId: t.subjects.countryId, country: t.countries.name,
  location: t.subjects.location, departmentId: t.subjects.departmentId, degreeType: t.subjects.degreeType, duration: t.subjects.duration,
  durationMonths: t.subjects.durationMonths, basePrice: t.subjects.basePrice, currency: t.subjects.currency, feesVerifiedOn: t.subjects.feesVerifiedOn,
  studyPlan: t.subjects.studyPlan,
};

type CardRow = Omit<PageRow, 'studyPlan'> & { studyPlan: { intake?: string; futureIntakes?: string[] } };

/** A program card from a row of `programCardColumns` (or of the finder's page, its study plan parsed). */
export function programCardOf(r: CardRow): ProgramCard {
  return {
    _id: r.id, name: r.name, university: r.university ?? 'Unknown University', countryId: r.countryId, country: r.country ?? r.countryId,
    location: r.location, departmentId: r.departmentId, degreeType: r.degreeType, duration: r.duration, durationMonths: r.durationMonths,
    basePrice: r.basePrice, currency: r.currency, feesVerifiedOn: r.feesVerifiedOn,
    intake: r.studyPlan.intake ?? '', futureIntakes: (r.studyPlan.futureIntakes ?? []).filter((f) => typeof f === 'string' && f.trim() !== ''),
  };
}

// Raw SQL skips Drizzle's JSON mapping: the study plan is the stored JSON text.
const toCard = (r: PageRow) => programCardOf({ ...r, studyPlan: JSON.parse(r.studyPlan) as CardRow['studyPlan'] });
