import { sql, type SQL } from 'drizzle-orm';
import * as t from '../schema/index.ts';
import type { Db } from '../client.ts';
import { batch } from '../batch.ts';
import { ftsPhrase, likeContains, likeWordStart, trigramSearchable } from './text-search.ts';
import { PROGRAMS_PAGE_SIZE, durationBands, monthNames, type DurationBand } from '#schemas/finder-terms.ts';
import type { FacetValue, ProgramCard, ProgramsQuery, ProgramsResponse } from '#schemas/programs.ts';

/**
 * The program finder (GET /api/programs and the pre-rendered /courses): filters, facet counts and
 * one page, in one D1 batch (one round trip): the facet cube, the page, and the names of countries
 * and departments (see `finderStatements`). The facets are folded from one cube instead of one
 * grouped scan per facet: at 10,000 programs the five grouped scans and twelve month sums cost
 * ~10 ms of SQLite time, a pass over the index for the cube 3 ms (8 ms at 25,000), and reading the
 * stored cube (`finder_cube`, for requests without text or fee filters) 0.1 ms.
 * Every read of `subjects` names one of four covering indexes (INDEXED BY: the plan never depends
 * on table statistics): `subjects_finder_idx` with every filter, facet and sort key, and the same
 * keys in catalogue order, in fee order and without the name (db/schema/catalog.ts), so counting
 * and paging never open the ~1 KB JSON rows; only the page's 12 rows are read. Text goes through the FTS5 trigram
 * index (`subjects_fts`). Raw SQL because Drizzle's builder has no INDEXED BY (run with
 * db/batch.ts: Drizzle's own batch cannot bind a raw query's parameters). Plans are pinned by
 * functions/routes/programs/programs-index.test.ts.
 */

type Facet = 'country' | 'level' | 'department' | 'intake' | 'duration';

/** The words of a search: those of 3+ characters go to the trigram index; shorter ones only when there is nothing else. */
export function searchWords(q: string | undefined) {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const long = words.filter(trigramSearchable);
  // Short words are bound twice in a statement: three keep it well under D1's 100 parameters.
  return long.length
    ? { fts: long, short: [] as string[] }
    : { fts: [] as string[], short: words.slice(0, 3) };
}

/** Whether a request bounds the fee (the schema requires a currency with either bound). */
const hasFeeFilter = (q: ProgramsQuery) =>
  q.currency !== undefined && (q.minFee !== undefined || q.maxFee !== undefined);

/** The WHERE conditions of the active filters, leaving out those of the `except` facets. */
function conditions(q: ProgramsQuery, except: Facet[] = []): SQL {
  const parts: SQL[] = [sql`s.is_active = 1`];
  const { fts, short } = searchWords(q.q);
  if (fts.length) parts.push(sql`+s.rowid in hits`);
  // 1–2 character words can't use trigrams: they match the start of a word in the name (in the index).
  for (const w of short) {
    const [atStart, afterSpace] = likeWordStart(w);
    parts.push(sql`(s.name like ${atStart} escape '\\' or s.name like ${afterSpace} escape '\\')`);
  }
  if (q.country && !except.includes('country'))
    parts.push(
      q.country.length === 1
        ? sql`s.country_id = ${q.country[0]}`
        : sql`s.country_id in (${sql.join(
            q.country.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  if (q.level && !except.includes('level')) parts.push(sql`s.degree_type = ${q.level}`);
  if (q.department && !except.includes('department')) parts.push(sql`s.department_id = ${q.department}`);
  if (q.intake && !except.includes('intake'))
    parts.push(sql.raw(`(s.intake_months & ${1 << (q.intake - 1)}) != 0`));
  if (q.duration && !except.includes('duration')) {
    const band = durationBands[q.duration];
    parts.push(sql.raw(`s.duration_months between ${band.min} and ${band.max}`));
  }
  if (hasFeeFilter(q)) {
    // Compared in US dollars, as the fee sort compares: each program's fee_usd (its price at its
    // currency's active rate, kept by triggers) against the bounds at the chosen currency's rate.
    // One range on one column instead of a bound per currency; a program priced in the chosen
    // currency is in or out exactly as its own price is (the same division by the same rate on
    // both sides). No active rate for the chosen currency: the bound is null and nothing matches.
    const perUsd = sql`(select cast(units_per_usd as real) from exchange_rates where id = ${q.currency} and is_active = 1)`;
    parts.push(sql`(s.fee_usd is null) = 0`);
    if (q.minFee !== undefined) parts.push(sql`s.fee_usd >= cast(${q.minFee} as real) / ${perUsd}`);
    if (q.maxFee !== undefined) parts.push(sql`s.fee_usd <= cast(${q.maxFee} as real) / ${perUsd}`);
  }
  return sql.join(parts, sql` and `);
}

const finder = sql.raw('subjects s indexed by subjects_finder_idx');
/** The same keys in catalogue order: the default order's page is a walk, not a sort. */
const finderInOrder = sql.raw('subjects s indexed by subjects_finder_order_idx');
/** The same keys in fee order: the fee sort's page is a walk too. */
const finderInFeeOrder = sql.raw('subjects s indexed by subjects_fee_order_idx');
/** The filters alone (a third of subjects_finder_idx's size): counting reads fewer pages. */
const filtersOnly = sql.raw('subjects s indexed by subjects_cube_idx');

/** ORDER BY for a sort (`s` is the subject). */
function orderBy(q: ProgramsQuery): SQL {
  const { fts } = searchWords(q.q);
  switch (q.sort) {
    // Tuition compared across currencies in US dollars (fee_usd, kept at the active rates by the
    // triggers of migration 0016); programs without a price or a rate last. This is the expression
    // subjects_fee_order_idx is ordered by, so the page walks that index.
    // (Under a fee filter every program has a fee: leaving out the first key lets SQLite see that the
    // index's order, after the `(fee_usd is null) = 0` it seeks, is this one, and not sort.)
    case 'fee':
      return hasFeeFilter(q)
        ? sql`s.fee_usd, s.sort_order, s.name`
        : sql`s.fee_usd is null, s.fee_usd, s.sort_order, s.name`;
    case 'name':
      return sql`s.name, s.sort_order`;
    case 'intake':
      return sql`s.next_intake is null, s.next_intake, s.sort_order, s.name`;
    default:
      // Programs whose name holds the words come before those that only mention them.
      return fts.length
        ? sql`(${sql.join(
            fts.map((w) => sql`(s.name like ${likeContains(w)} escape '\\')`),
            sql` + `,
          )}) desc, s.sort_order, s.name`
        : sql`s.sort_order, s.name`;
  }
}

/**
 * The statements of one finder request (exported so a test can check their query plans):
 * - `cube`: the facet cube, the number of programs per (country, department, level, intake months,
 *   months of study) under the text and fee filters; the total and every facet are folded from it
 *   (`foldFacets`), each under every filter but its own. With no text and no fee filter it is the
 *   stored `finder_cube` (600 rows at 25,000 programs, kept by triggers); otherwise one streaming
 *   pass over subjects_cube_idx (subjects_finder_idx for 1–2 letter words, which read the name),
 *   grouping in the index's own column order: no sort.
 * - `page`: the page's rowids under every filter in result order, then only those rows.
 * - `names`: active countries and departments with their names (the facets list them all).
 */
export function finderStatements(q: ProgramsQuery) {
  const { fts, short } = searchWords(q.q);
  const hits = fts.length
    ? sql`with hits as materialized (select rowid from subjects_fts where subjects_fts match ${fts.map(ftsPhrase).join(' ')}) `
    : sql``;
  const all: Facet[] = ['country', 'level', 'department', 'intake', 'duration'];
  const cube =
    !fts.length && !short.length && !hasFeeFilter(q)
      ? sql`select country_id as country, department_id as department, degree_type as level, intake_months as intake, duration_months as months, n from finder_cube`
      : sql`${hits}select s.country_id as country, s.department_id as department, s.degree_type as level, s.intake_months as intake, s.duration_months as months, count(*) as n
from ${short.length ? finder : filtersOnly} where ${conditions(q, all)} group by s.country_id, s.department_id, s.degree_type, s.intake_months, s.duration_months`;
  const walk =
    q.sort === 'relevance' && !fts.length
      ? finderInOrder
      : // A chosen country is a seek in subjects_finder_idx and a sort of its programs; without one,
        // walking in fee order stops at the page.
        q.sort === 'fee' && !q.country
        ? finderInFeeOrder
        : finder;
  const page = sql`${fts.length ? sql`${hits}, ` : sql`with `}page as (select s.rowid as r from ${walk} where ${conditions(q)} order by ${orderBy(q)} limit ${sql.raw(String(PROGRAMS_PAGE_SIZE))} offset ${sql.raw(String((q.page - 1) * PROGRAMS_PAGE_SIZE))})
select s.id, s.name, u.name as university, s.country_id as countryId, c.name as country, s.location, s.department_id as departmentId, s.degree_type as degreeType,
  s.duration, s.duration_months as durationMonths, s.base_price as basePrice, s.currency, s.fees_verified_on as feesVerifiedOn, s.study_plan as studyPlan
from page join subjects s on s.rowid = page.r left join universities u on u.id = s.university_id left join countries c on c.id = s.country_id
order by ${orderBy(q)}`;
  const names = sql`select 'country' as kind, id, name from countries where is_active = 1
union all select 'department', id, name from departments where is_active = 1`;
  return { cube, page, names };
}

/** One cell of the facet cube. */
export interface CubeCell {
  country: string;
  department: string;
  level: string;
  intake: number;
  months: number | null;
  n: number;
}

/**
 * The total and the facets from the cube: a facet's counts are those of the cells that pass every
 * active filter but its own (choosing a value then gives exactly the count it showed).
 */
export function foldFacets(
  q: ProgramsQuery,
  cells: CubeCell[],
  names: { kind: string; id: string; name: string }[],
) {
  const band = (months: number | null) =>
    (Object.keys(durationBands) as DurationBand[]).find(
      (b) => months !== null && months >= durationBands[b].min && months <= durationBands[b].max,
    );
  const passes = (c: CubeCell, except?: Facet) =>
    (!q.country || except === 'country' || q.country.includes(c.country)) &&
    (!q.level || except === 'level' || c.level === q.level) &&
    (!q.department || except === 'department' || c.department === q.department) &&
    (!q.intake || except === 'intake' || (c.intake & (1 << (q.intake - 1))) !== 0) &&
    (!q.duration || except === 'duration' || band(c.months) === q.duration);
  const tally = (facet: Facet, keys: (c: CubeCell) => string[]) => {
    const counts = new Map<string, number>();
    for (const c of cells)
      if (passes(c, facet)) for (const k of keys(c)) counts.set(k, (counts.get(k) ?? 0) + c.n);
    return counts;
  };
  const listed = (kind: string, counts: Map<string, number>): FacetValue[] => {
    const out = names
      .filter((r) => r.kind === kind)
      .map((r) => ({ value: r.id, label: r.name, count: counts.get(r.id) ?? 0 }));
    // Programs of a retired country or department are still counted, under their id.
    for (const [value, count] of counts)
      if (!out.some((f) => f.value === value)) out.push({ value, label: value, count });
    return out;
  };
  const levels = tally('level', (c) => [c.level]);
  const intakes = tally('intake', (c) =>
    monthNames.flatMap((_, i) => ((c.intake & (1 << i)) !== 0 ? [String(i + 1)] : [])),
  );
  const durations = tally('duration', (c) => {
    const b = band(c.months);
    return b ? [b] : [];
  });
  const facets: ProgramsResponse['facets'] = {
    country: listed(
      'country',
      tally('country', (c) => [c.country]),
    ),
    department: listed(
      'department',
      tally('department', (c) => [c.department]),
    ),
    level: [...levels]
      .map(([value, count]) => ({ value, label: value, count }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    intake: monthNames.map((label, i) => ({
      value: String(i + 1),
      label,
      count: intakes.get(String(i + 1)) ?? 0,
    })),
    duration: (Object.keys(durationBands) as DurationBand[]).map((b) => ({
      value: b,
      label: durationBands[b].label,
      count: durations.get(b) ?? 0,
    })),
  };
  // A chosen level with no programs under the other filters still shows (with 0), so it can be unchosen.
  if (q.level && !levels.has(q.level)) facets.level.push({ value: q.level, label: q.level, count: 0 });
  const total = cells.reduce((sum, c) => sum + (passes(c) ? c.n : 0), 0);
  return { total, facets };
}

interface PageRow {
  id: string;
  name: string;
  university: string | null;
  countryId: string;
  country: string | null;
  location: string;
  departmentId: string;
  degreeType: string;
  duration: string;
  durationMonths: number | null;
  basePrice: number | null;
  currency: string;
  feesVerifiedOn: string | null;
  studyPlan: string;
}
/** One finder answer: the page, the total and every facet (see the module comment). */
export async function findPrograms(db: Db, q: ProgramsQuery): Promise<ProgramsResponse> {
  const { cube, page, names } = finderStatements(q);
  // Raw SQL (docs/decisions/013): the three reads name their index and share a materialized FTS CTE.
  const [cells, pageRows, nameRows] = (await batch(db, [cube, page, names])).map((r) => r.results) as [
    CubeCell[],
    PageRow[],
    { kind: string; id: string; name: string }[],
  ];
  const { total, facets } = foldFacets(q, cells, nameRows);
  return { total, page: q.page, pageSize: PROGRAMS_PAGE_SIZE, items: pageRows.map(toCard), facets };
}

/** Columns of a program card for Drizzle selects (the saved list, compare): join universities and countries. */
export const programCardColumns = {
  id: t.subjects.id,
  name: t.subjects.name,
  university: t.universities.name,
  countryId: t.subjects.countryId,
  country: t.countries.name,
  location: t.subjects.location,
  departmentId: t.subjects.departmentId,
  degreeType: t.subjects.degreeType,
  duration: t.subjects.duration,
  durationMonths: t.subjects.durationMonths,
  basePrice: t.subjects.basePrice,
  currency: t.subjects.currency,
  feesVerifiedOn: t.subjects.feesVerifiedOn,
  studyPlan: t.subjects.studyPlan,
};

type CardRow = Omit<PageRow, 'studyPlan'> & { studyPlan: { intake?: string; futureIntakes?: string[] } };

/** A program card from a row of `programCardColumns` (or of the finder's page, its study plan parsed). */
export function programCardOf(r: CardRow): ProgramCard {
  return {
    _id: r.id,
    name: r.name,
    university: r.university ?? 'Unknown University',
    countryId: r.countryId,
    country: r.country ?? r.countryId,
    location: r.location,
    departmentId: r.departmentId,
    degreeType: r.degreeType,
    duration: r.duration,
    durationMonths: r.durationMonths,
    basePrice: r.basePrice,
    currency: r.currency,
    feesVerifiedOn: r.feesVerifiedOn,
    intake: r.studyPlan.intake ?? '',
    futureIntakes: (r.studyPlan.futureIntakes ?? []).filter((f) => typeof f === 'string' && f.trim() !== ''),
  };
}

// Raw SQL skips Drizzle's JSON mapping: the study plan is the stored JSON text.
const toCard = (r: PageRow) =>
  programCardOf({ ...r, studyPlan: JSON.parse(r.studyPlan) as CardRow['studyPlan'] });
