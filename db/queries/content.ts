import { and, asc, count, eq, getTableColumns, max, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../client.ts';
import * as t from '../schema/index.ts';
import type { ContentKind } from '#schemas/admin/index.ts';
import { contains } from './text-search.ts';
import { insertInChunks } from '../d1-limits.ts';
import { scholarshipOrder } from './catalog.ts';
import { pageOf } from './page.ts';

/** A content row as the editor handles it: any kind, its fields by name. */
export type ContentRowData = Record<string, unknown>;

// The editor works on every kind alike, so its tables are typed as any table and their columns
// are looked up by name (col); each kind's zod schema (schemas/content.ts) checks what is written.
const tables: Record<ContentKind, SQLiteTable> = {
  countries: t.countries,
  universities: t.universities,
  departments: t.departments,
  subjects: t.subjects,
  jobs: t.jobs,
  services: t.services,
  features: t.features,
  offices: t.offices,
  team: t.teamMembers,
  countryCosts: t.countryCosts,
  cityCosts: t.cityCosts,
  exchangeRates: t.exchangeRates,
};

const col = (kind: ContentKind, name: string) =>
  (getTableColumns(tables[kind]) as Record<string, SQLiteColumn>)[name]!;
/** Jobs are open or closed; every other kind has is_active. */
const hasIsActive = (kind: ContentKind) => kind !== 'jobs';
const hasSortOrder = (kind: ContentKind) => 'sortOrder' in getTableColumns(tables[kind]);

/**
 * The editor's page of one kind, in the site's order (sort order where the kind has one, then
 * title): all rows, only active (or open) or only retired (or closed) ones, or those whose title or
 * id holds the needle.
 */
export async function listContent(
  db: Db,
  kind: ContentKind,
  filter: { titleKey: string; active?: boolean | undefined; needle?: string | undefined },
  page: { limit: number; offset: number },
) {
  const { titleKey, active, needle: p } = filter;
  let state: SQL | undefined;
  if (active !== undefined)
    state = hasIsActive(kind)
      ? eq(col(kind, 'isActive'), active)
      : eq(col(kind, 'status'), active ? 'open' : 'closed');
  const where = and(
    state,
    p ? or(contains(col(kind, titleKey), p), contains(col(kind, 'id'), p)) : undefined,
  );
  const table = tables[kind];
  return pageOf(
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...(hasSortOrder(kind) ? [asc(col(kind, 'sortOrder'))] : []), asc(col(kind, titleKey)))
      .limit(page.limit)
      .offset(page.offset) as Promise<ContentRowData[]>,
    db.select({ n: count() }).from(table).where(where),
  );
}

/** One content row of a kind, or undefined. */
export async function findContentRow(db: Db, kind: ContentKind, id: string) {
  const [row] = (await db
    .select()
    .from(tables[kind])
    .where(eq(col(kind, 'id'), id))) as ContentRowData[];
  return row;
}

/** Whether the id is used by a row of the kind. */
export async function contentIdTaken(db: Db, kind: ContentKind, id: string) {
  const [row] = await db
    .select({ id: col(kind, 'id') })
    .from(tables[kind])
    .where(eq(col(kind, 'id'), id));
  return row !== undefined;
}

/** Where a new row of the kind goes: after the last (undefined for a kind without a sort order). */
export async function nextSortOrder(db: Db, kind: ContentKind) {
  if (!hasSortOrder(kind)) return undefined;
  const [last] = await db.select({ n: max(col(kind, 'sortOrder')) }).from(tables[kind]);
  return Number(last?.n ?? -1) + 1;
}

/** A university's scholarships in their stored order (the editor's scholarship list). */
export async function listScholarships(db: Db, universityId: string) {
  return db
    .select()
    .from(t.scholarships)
    .where(eq(t.scholarships.universityId, universityId))
    .orderBy(...scholarshipOrder);
}

/** Whether a country with this id exists. */
export async function countryExists(db: Db, id: string) {
  const [row] = await db.select({ id: t.countries.id }).from(t.countries).where(eq(t.countries.id, id));
  return row !== undefined;
}

/** Whether a department with this id exists. */
export async function departmentExists(db: Db, id: string) {
  const [row] = await db.select({ id: t.departments.id }).from(t.departments).where(eq(t.departments.id, id));
  return row !== undefined;
}

/** Whether there is an exchange rate for the currency. */
export async function exchangeRateExists(db: Db, currency: string) {
  const [row] = await db
    .select({ id: t.exchangeRates.id })
    .from(t.exchangeRates)
    .where(eq(t.exchangeRates.id, currency));
  return row !== undefined;
}

/** A university's name and country, or undefined. */
export async function findUniversityCountry(db: Db, id: string) {
  const [row] = await db
    .select({ countryId: t.universities.countryId, name: t.universities.name })
    .from(t.universities)
    .where(eq(t.universities.id, id));
  return row;
}

/**
 * Statements, not yet run, writing a validated item: the row, and for a university its
 * scholarships (replaced as a whole). The caller batches them with the audit entry.
 */
export function contentWriteStatements(
  db: Db,
  kind: ContentKind,
  data: ContentRowData,
  mode: 'insert' | 'update',
  sortOrder?: number,
): BatchItem<'sqlite'>[] {
  const table = tables[kind];
  const { scholarshipList, ...row } = data as ContentRowData & { scholarshipList?: ContentRowData[] };
  const out: BatchItem<'sqlite'>[] = [];
  if (mode === 'insert')
    // Any table's insert: the kind's zod schema checked the row (see `tables`).
    out.push(db.insert(table).values({ ...row, ...(sortOrder !== undefined && { sortOrder }) } as never));
  else
    out.push(
      db
        .update(table)
        .set({ ...row, updatedAt: new Date() })
        .where(eq(col(kind, 'id'), String(row.id))),
    );
  if (kind === 'universities' && scholarshipList) {
    out.push(db.delete(t.scholarships).where(eq(t.scholarships.universityId, String(row.id))));
    // 8 parameters a row: a university with 13 or more scholarships needs more than one insert.
    out.push(
      ...insertInChunks(
        db,
        t.scholarships,
        scholarshipList.map((s, i) => ({
          ...(s as { name: string; amount: string; eligibility: string; deadline: string }),
          id: `${String(row.id)}-${i + 1}`,
          universityId: String(row.id),
        })),
      ),
    );
  }
  return out;
}

/** The statement, not yet run, that retires (active false) or restores a row: is_active, or a job's open/closed. */
export function contentActiveStatement(db: Db, kind: ContentKind, id: string, active: boolean) {
  const set = hasIsActive(kind) ? { isActive: active } : { status: active ? 'open' : 'closed' };
  return db
    .update(tables[kind])
    .set({ ...set, updatedAt: new Date() })
    .where(eq(col(kind, 'id'), id));
}
