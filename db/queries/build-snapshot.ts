import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  SNAPSHOT_PAGE_BYTES,
  SNAPSHOT_PAGE_ROWS,
  pagedCollections,
  type BuildSnapshot,
  type PagedCollection,
  type SnapshotCursor,
  type SnapshotHead,
  type SnapshotPage,
  type SnapshotRange,
} from '#schemas/build.ts';
import type { CostInputs } from '#schemas/programs.ts';
import { listCountries, listDepartments, listSubjectsWhere, listUniversities } from './catalog.ts';
import {
  listFeatures,
  listServices,
  listOffices,
  listTeam,
  getBlock,
  getMissionVision,
  getSite,
} from './site-content.ts';
import { listEmployerCategories, listJobDetails, listStrategies } from './jobs.ts';
import { readContentVersion } from './publishing.ts';
import { findPrograms } from './programs.ts';
import { listCostTables, resolveCostInputs } from './costs.ts';

/**
 * How each paged collection is walked: its rows in the site's order (the columns of the order are
 * the cursor), which rows count, and a cheap estimate of a row's JSON size from its stored text
 * (read before the rows themselves, so a page never reads more than it may send).
 */
const sources = {
  subjects: {
    table: 'subjects',
    keys: ['sort_order', 'name', 'id'],
    types: ['number', 'string', 'string'],
    where: 'subjects.is_active = 1',
    size: `length(name) + length(description) + length(study_plan) + length(entry_requirements)
      + length(career_prospects) + length(universityimage) + length(location) + length(image) + length(logo)`,
  },
  jobs: {
    table: 'jobs',
    keys: ['sort_order', 'id'],
    types: ['number', 'string'],
    where: '1 = 1',
    size: `length(title) + length(description) + length(requirements) + length(company_info) + length(tags)
      + length(address) + length(location) + length(employment)`,
  },
} as const satisfies Record<
  PagedCollection,
  { table: string; keys: readonly string[]; types: readonly string[]; where: string; size: string }
>;

/** A row's JSON beyond its stored text (field names, the university's name, numbers, dates). */
const ROW_OVERHEAD_BYTES = 1500;

type Key = (string | number)[];

/** The cursor a row's keys make (what `after`/`until` carry). */
const cursorOf = (key: Key): SnapshotCursor => JSON.stringify(key);

/** A cursor back into keys, or undefined when it is not one of this collection's. */
export function parseSnapshotCursor(collection: PagedCollection, cursor: string): Key | undefined {
  let key: unknown;
  try {
    key = JSON.parse(cursor);
  } catch {
    return undefined;
  }
  const { types } = sources[collection];
  return Array.isArray(key) &&
    key.length === types.length &&
    key.every((v, i) => typeof v === types[i] && (typeof v !== 'number' || Number.isFinite(v)))
    ? (key as Key)
    : undefined;
}

/** `(k1, k2, …) <op> (?, ?, …)`: SQLite's row-value comparison, in the order's own columns. */
function compare(collection: PagedCollection, op: '>' | '<=', key: Key) {
  // Qualified: the programs' page joins the universities, which have a name and an id too.
  const { table, keys } = sources[collection];
  const columns = sql.raw(keys.map((k) => `${table}.${k}`).join(', '));
  return sql`(${columns}) ${sql.raw(op)} (${sql.join(
    key.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** The rows of a range: after `after`, up to and including `until`. */
function inRange(collection: PagedCollection, range: { after: Key | null; until: Key | null }) {
  return and(
    sql.raw(sources[collection].where),
    range.after ? compare(collection, '>', range.after) : undefined,
    range.until ? compare(collection, '<=', range.until) : undefined,
  )!;
}

/**
 * The ranges covering a collection, SNAPSHOT_PAGE_ROWS rows each: only every page's last row is
 * read (a window over the order's index), so the head stays small at any catalogue size.
 */
async function rangesOf(db: Db, collection: PagedCollection): Promise<SnapshotRange[]> {
  const { table, keys, where } = sources[collection];
  const columns = keys.join(', ');
  const rows = await db.all<Record<string, string | number>>(
    sql.raw(
      `select ${columns} from (select ${columns}, row_number() over (order by ${columns}) as n
        from ${table} where ${where}) where n % ${SNAPSHOT_PAGE_ROWS} = 0 order by n`,
    ),
  );
  const ends = rows.map((r) => cursorOf(keys.map((k) => r[k]!)));
  return [...ends, null].map((until, i) => ({ after: i === 0 ? null : ends[i - 1]!, until }));
}

/**
 * `GET /api/build/snapshot`: everything the pre-rendered pages read except the paged collections,
 * and the ranges that cover those. The content version is read first: an edit landing while the
 * rows are read may be in the rows but not in the version, so a build can claim less than it
 * carries, never more (the back office then shows that edit as still waiting).
 */
export async function readSnapshotHead(db: Db): Promise<SnapshotHead> {
  const contentVersion = await readContentVersion(db);
  const head = await allResolved({
    countries: listCountries(db),
    universities: listUniversities(db),
    departments: listDepartments(db),
    features: listFeatures(db),
    services: listServices(db),
    offices: listOffices(db),
    team: listTeam(db),
    missionVision: getMissionVision(db),
    about: getBlock(db, 'about'),
    // The brand with every field (a block seeded before a field existed gets it from content/site.json).
    site: getSite(db),
    faq: getBlock(db, 'faq'),
    partners: getBlock(db, 'partners'),
    // Recruitment: strategy cards, assistance-form categories and the services record.
    strategies: listStrategies(db),
    employerCategories: listEmployerCategories(db),
    recruitmentServices: getBlock(db, 'recruitmentServices'),
    // /courses pre-renders the finder's first page and facets (the API's own answer to no filters).
    finder: findPrograms(db, { sort: 'relevance', page: 1 }),
    tables: listCostTables(db),
    subjectPages: rangesOf(db, 'subjects'),
    jobPages: rangesOf(db, 'jobs'),
  });
  const { tables, subjectPages, jobPages, ...rest } = head;
  return {
    contentVersion,
    ...rest,
    costs: { rates: tables.rates },
    pages: { subjects: subjectPages, jobs: jobPages },
  };
}

/**
 * One page of a collection: the range's rows in the site's order, as many as fit the byte budget
 * (their sizes are read first, from the stored text alone), with `next` where the budget or the
 * row limit ended it. The Worker holds one page at a time, whatever the catalogue's size.
 */
export async function readSnapshotPage(
  db: Db,
  collection: PagedCollection,
  range: { after: Key | null; until: Key | null },
): Promise<SnapshotPage> {
  const { table, keys, size } = sources[collection];
  const sized = await db.all<Record<string, string | number>>(
    sql`select ${sql.raw(keys.join(', '))}, ${sql.raw(size)} as size from ${sql.raw(table)}
      where ${inRange(collection, range)} order by ${sql.raw(keys.join(', '))} limit ${SNAPSHOT_PAGE_ROWS + 1}`,
  );
  // The estimate counts characters; a page aims at half the budget, and is measured after.
  let budget = SNAPSHOT_PAGE_BYTES / 2;
  let take = 0;
  // One row past the limit is read only to know whether the range goes on.
  while (take < Math.min(sized.length, SNAPSHOT_PAGE_ROWS)) {
    budget -= Number(sized[take]!.size ?? 0) + ROW_OVERHEAD_BYTES;
    if (budget < 0 && take > 0) break;
    take++;
  }
  const keyOf = (i: number): Key => keys.map((k) => sized[i]![k]!);
  for (;;) {
    const last = take > 0 ? keyOf(take - 1) : null;
    const next = take < sized.length && last ? cursorOf(last) : null;
    const page = last
      ? await pageRows(db, collection, { after: range.after, until: last }, next)
      : empty(collection);
    // Text the estimate undercounts (escapes, characters of several bytes): halve until it fits.
    if (take <= 1 || new TextEncoder().encode(JSON.stringify(page)).length <= SNAPSHOT_PAGE_BYTES)
      return page;
    take = Math.ceil(take / 2);
  }
}

const empty = (collection: PagedCollection): SnapshotPage =>
  collection === 'subjects'
    ? { collection, items: [], costs: {}, next: null }
    : { collection, items: [], next: null };

async function pageRows(
  db: Db,
  collection: PagedCollection,
  range: { after: Key | null; until: Key },
  next: SnapshotCursor | null,
): Promise<SnapshotPage> {
  const where: SQL = inRange(collection, range);
  if (collection === 'jobs') return { collection, items: await listJobDetails(db, where), next };
  const [items, tables] = await Promise.all([listSubjectsWhere(db, where), listCostTables(db)]);
  // Each program's "Estimated total cost" inputs (db/queries/costs.ts), pre-rendered on its page.
  const costs: Record<string, CostInputs> = Object.fromEntries(
    items.map((s) => [s._id, resolveCostInputs(s, tables)]),
  );
  return { collection, items, costs, next };
}

/**
 * Everything the pre-rendered pages read, with the same queries and serializers the API uses: the
 * head and every page of `GET /api/build/snapshot`, put together (the local build reads the local D1
 * this way; a production build fetches the same pieces: site/lib/snapshot.ts).
 */
export async function readBuildSnapshot(db: Db): Promise<BuildSnapshot> {
  const { pages, costs, ...head } = await readSnapshotHead(db);
  const subjects: BuildSnapshot['subjects'] = [];
  const jobs: BuildSnapshot['jobs'] = [];
  const bySubject: Record<string, CostInputs> = {};
  for (const collection of pagedCollections) {
    for (const range of pages[collection]) {
      let after = range.after;
      for (;;) {
        const page = await readSnapshotPage(db, collection, {
          after: after === null ? null : parseSnapshotCursor(collection, after)!,
          until: range.until === null ? null : parseSnapshotCursor(collection, range.until)!,
        });
        if (page.collection === 'subjects') {
          subjects.push(...page.items);
          Object.assign(bySubject, page.costs);
        } else jobs.push(...page.items);
        if (!page.next) break;
        after = page.next;
      }
    }
  }
  return { ...head, subjects, jobs, costs: { bySubject, rates: costs.rates } };
}

/** `Promise.all` over an object's values: each key gets its own promise's result. */
async function allResolved<T extends Record<string, Promise<unknown>>>(
  promises: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(
    Object.entries(promises).map(async ([key, p]) => [key, await p] as const),
  );
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}
