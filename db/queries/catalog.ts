import { asc, eq, and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ftsPhrase, likeContains, trigramSearchable } from './text-search.ts';
import * as t from '../schema/index.ts';
import type { CountryDto, DepartmentDto, SubjectDto, UniversityDto } from '#schemas/catalog.ts';

type SubjectRow = typeof t.subjects.$inferSelect;
type CountryRow = typeof t.countries.$inferSelect;
type UniversityRow = typeof t.universities.$inferSelect;
type ScholarshipRow = typeof t.scholarships.$inferSelect;

/**
 * A university's scholarships in the order staff listed them. Their ids are `<university>-<n>`:
 * the shorter id first (…-9 before …-10), then the id.
 */
export const scholarshipOrder = [asc(sql`length(${t.scholarships.id})`), asc(t.scholarships.id)];

/** The API shape of a subject (spec 1 section 3): `_id` plus the university's name. */
export function toSubject(row: SubjectRow, universityName: string | null): SubjectDto {
  // intakeMonths and nextIntake are the finder's index keys, not part of a subject.
  const { isActive: _a, sortOrder: _s, createdAt: _c, intakeMonths: _m, nextIntake: _n, ...rest } = row;
  const university = universityName ?? 'Unknown University';
  return {
    _id: row.id,
    ...rest,
    university,
    // Alt text left out by an API client or the seed reads as the item's name.
    imageAlt: row.imageAlt || row.name,
    logoAlt: row.logoAlt || `${university} logo`,
    universityimageAlt: row.universityimage.map(
      (_, i) => row.universityimageAlt?.[i]?.trim() || `${university} campus, photo ${i + 1}`,
    ),
  };
}

export function toCountry(row: CountryRow): CountryDto {
  const { isActive: _a, sortOrder: _s, createdAt: _c, updatedAt: _u, ...rest } = row;
  return {
    _id: row.id,
    ...rest,
    imageAlt: row.imageAlt || row.name,
    flagAlt: row.flagAlt || `Flag of ${row.name}`,
  };
}

export function toUniversity(row: UniversityRow, scholarshipList: ScholarshipRow[] = []): UniversityDto {
  const { isActive: _a, createdAt: _c, updatedAt: _u, ...rest } = row;
  return {
    _id: row.id,
    ...rest,
    imageAlt: row.imageAlt || `${row.name} campus`,
    logoAlt: row.logoAlt || `${row.name} logo`,
    country: row.countryId,
    scholarshipList: scholarshipList.map(({ name, amount, eligibility, deadline }) => ({
      name,
      amount,
      eligibility,
      deadline,
    })),
  };
}

const subjectWithUniversity = (db: Db) =>
  db
    .select({ subject: t.subjects, universityName: t.universities.name })
    .from(t.subjects)
    .leftJoin(t.universities, eq(t.subjects.universityId, t.universities.id));

/** Catalogue order: sort order, then name; the id settles ties, so every page of it is stable. */
export const subjectOrder = [asc(t.subjects.sortOrder), asc(t.subjects.name), asc(t.subjects.id)];

/** Active subjects in catalogue order, optionally for one country. */
export async function listSubjects(
  db: Db,
  filter: { countryId?: string | undefined; limit?: number | undefined } = {},
) {
  const where = filter.countryId
    ? and(eq(t.subjects.isActive, true), eq(t.subjects.countryId, filter.countryId))
    : eq(t.subjects.isActive, true);
  const query = subjectWithUniversity(db)
    .where(where)
    .orderBy(...subjectOrder);
  const rows = filter.limit ? await query.limit(filter.limit) : await query;
  return rows.map((r) => toSubject(r.subject, r.universityName));
}

/**
 * The version of the whole subjects list: raised by triggers (migration 0025) with every change to
 * a subject or a university's name, in the change's own transaction. One primary-key read.
 */
export async function subjectsListVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: t.derivedVersions.version })
    .from(t.derivedVersions)
    .where(eq(t.derivedVersions.name, 'subjects-list'));
  return row?.version ?? 0;
}

/** Active subjects matching `where`, in catalogue order (a page of the build snapshot). */
export async function listSubjectsWhere(db: Db, where: SQL) {
  const rows = await subjectWithUniversity(db)
    .where(and(eq(t.subjects.isActive, true), where))
    .orderBy(...subjectOrder);
  return rows.map((r) => toSubject(r.subject, r.universityName));
}

export async function getSubject(db: Db, id: string) {
  const [row] = await subjectWithUniversity(db).where(
    and(eq(t.subjects.id, id), eq(t.subjects.isActive, true)),
  );
  return row ? toSubject(row.subject, row.universityName) : undefined;
}

export async function listCountries(db: Db) {
  const rows = await db
    .select()
    .from(t.countries)
    .where(eq(t.countries.isActive, true))
    .orderBy(asc(t.countries.sortOrder), asc(t.countries.name));
  return rows.map(toCountry);
}

export async function getCountry(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(t.countries)
    .where(and(eq(t.countries.id, id), eq(t.countries.isActive, true)));
  return row ? toCountry(row) : undefined;
}

export async function listUniversities(db: Db) {
  const [rows, scholarships] = await Promise.all([
    db
      .select()
      .from(t.universities)
      .where(eq(t.universities.isActive, true))
      .orderBy(asc(t.universities.name)),
    db
      .select()
      .from(t.scholarships)
      .orderBy(...scholarshipOrder),
  ]);
  return rows.map((u) =>
    toUniversity(
      u,
      scholarships.filter((s) => s.universityId === u.id),
    ),
  );
}

export async function getUniversity(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(t.universities)
    .where(and(eq(t.universities.id, id), eq(t.universities.isActive, true)));
  if (!row) return undefined;
  const scholarships = await db
    .select()
    .from(t.scholarships)
    .where(eq(t.scholarships.universityId, id))
    .orderBy(...scholarshipOrder);
  return toUniversity(row, scholarships);
}

export async function listDepartments(db: Db): Promise<DepartmentDto[]> {
  const rows = await db
    .select()
    .from(t.departments)
    .where(eq(t.departments.isActive, true))
    .orderBy(asc(t.departments.sortOrder));
  return rows.map(({ isActive: _a, sortOrder: _s, createdAt: _c, updatedAt: _u, ...d }) => ({
    _id: d.id,
    ...d,
    imageUrlAlt: d.imageUrlAlt || d.name,
  }));
}

/** A search hit: enough to show and link a result, a fraction of the full subject's bytes. */
export interface SubjectHit {
  _id: string;
  name: string;
  description: string;
  university: string;
  countryId: string;
  degreeType: string;
}

const SUMMARY_LENGTH = 160;

/**
 * Case-insensitive search over name and description (spec 1 section 4). Queries of 3+ characters
 * are a substring match on both through the FTS5 trigram index. Trigrams need 3 characters, so a
 * 1-2 character query takes another path: a substring of the name (LIKE on the covering index:
 * names are short and a person typing "Da" wants "Data Science") or, for two characters ("AI",
 * "IT", "UX"), a whole word of the description through the unicode61 word index (migration
 * 0010). A word, not a substring:
 * "ai" inside "said" or "training" would match nearly every description and bury the programs
 * about AI; "UX" still matches "UX/UI" and "AI" matches "AI-driven" (punctuation splits words).
 *
 * One statement that never reads a subject row it won't return:
 * 1. `hits`: the matching rowids from the index(es), materialized once (used three times);
 * 2. `page`: walk `subjects_search_idx (is_active, sort_order, name)` in result order, keep the
 *    rowids that are hits, stop at `limit` (the index holds everything the walk needs; for a
 *    rare word it reads the whole index, 10,000 small entries at scale: well under a millisecond);
 * 3. the total is the number of hits minus the retired ones among them (a walk over the few
 *    `is_active = 0` index entries), so counting never touches the active catalogue either;
 * and only then are the `limit` rows read, with their university.
 * Before, every match's whole row (~1 KB of JSON each) was read, joined, counted and sorted to keep
 * 20: at 10,000 subjects, 'science' (1,339 matches) cost ~10 ms of SQLite time, a word found in
 * every description ~150 ms. The unary `+` on rowid stops the planner from driving the walk by
 * rowid (reading every match's row and sorting them again); catalog plans are pinned by
 * functions/routes/subjects/subjects.test.ts. `npm run perf -- --scale 10000` prints the figures.
 */
export function subjectSearchSql(query: string, limit: number) {
  const q = query.trim();
  if (!trigramSearchable(q)) return shortSearchSql(q, limit);
  return sql`with hits as materialized (select rowid from subjects_fts where subjects_fts match ${ftsPhrase(q)}),
  page as (select p.rowid as r from subjects p where p.is_active = 1 and +p.rowid in hits order by p.sort_order, p.name limit ${limit})
select s.id as id, s.name as name, s.description as description, u.name as university, s.country_id as countryId, s.degree_type as degreeType,
  (select count(*) from hits) - (select count(*) from subjects c where c.is_active = 0 and +c.rowid in hits) as total
from page join subjects s on s.rowid = page.r left join universities u on u.id = s.university_id
order by s.sort_order, s.name`;
}

/**
 * A 1-2 character query: a name substring or a whole word of the description. The name test runs
 * on the index entries during the walk itself (names are in `subjects_search_idx`), and only the
 * description words come from an index lookup, materialized once: uniting the two sets first and
 * then walking cost 5-10 times more at 10,000 subjects (a temporary B-tree of every name match).
 */
function shortSearchSql(q: string, limit: number) {
  const like = likeContains(q);
  // One character is a person starting to type, and as a word it is "a" or "I", found in every
  // description (reading that doclist cost ~20 ms at 10,000 subjects on each first keystroke):
  // names only, as before. A query of punctuation only ("+", "--") has no word to look up either
  // (and FTS5 would refuse it).
  const wordy = [...q].length === 2 && /[\p{L}\p{N}]/u.test(q);
  const words = wordy
    ? sql`select rowid from subjects_words where subjects_words match ${ftsPhrase(q)}`
    : sql`select 0 where 0`;
  const match = (alias: string) =>
    sql`(${sql.raw(alias)}.name like ${like} escape '\\' or +${sql.raw(alias)}.rowid in words)`;
  return sql`with words as materialized (${words}),
  page as (select p.rowid as r from subjects p where p.is_active = 1 and ${match('p')} order by p.sort_order, p.name limit ${limit})
select s.id as id, s.name as name, s.description as description, u.name as university, s.country_id as countryId, s.degree_type as degreeType,
  (select count(*) from subjects c where c.is_active = 1 and ${match('c')}) as total
from page join subjects s on s.rowid = page.r left join universities u on u.id = s.university_id
order by s.sort_order, s.name`;
}

/** The subject search (raw SQL, docs/decisions/013: FTS5 `match` and a materialized CTE, see subjectSearchSql). */
export async function searchSubjects(db: Db, query: string, limit: number) {
  const rows = await db.all<{
    id: string;
    name: string;
    description: string;
    university: string | null;
    countryId: string;
    degreeType: string;
    total: number;
  }>(subjectSearchSql(query, limit));
  const hits: SubjectHit[] = rows.map(({ id, name, description, university, countryId, degreeType }) => {
    // Raw SQL skips Drizzle's JSON column mapping: description is the stored JSON array of paragraphs.
    const text = (JSON.parse(description) as string[]).join(' ');
    return {
      _id: id,
      name,
      countryId,
      degreeType,
      university: university ?? 'Unknown University',
      description: text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH).trimEnd()}…` : text,
    };
  });
  return { results: hits, total: Number(rows[0]?.total ?? 0) };
}

const pageTables = { countries: t.countries, subjects: t.subjects, jobs: t.jobs } as const;

/** Whether the country, subject or job behind a page exists (one added since the last build has no page yet). */
export async function pageItemExists(db: Db, table: keyof typeof pageTables, id: string) {
  const items = pageTables[table];
  const [row] = await db.select({ id: items.id }).from(items).where(eq(items.id, id)).limit(1);
  return row !== undefined;
}

/**
 * What a program's or job's page is made of changed when this changes: the row's last edit (and, for
 * a program, its university's, whose name the page shows). Undefined when there is no such active
 * program or job. The key of the Worker's cached render (functions/routes/pages/render.ts).
 */
export async function pageItemVersion(db: Db, table: 'subjects' | 'jobs', id: string) {
  if (table === 'jobs') {
    const [row] = await db.select({ at: t.jobs.updatedAt }).from(t.jobs).where(eq(t.jobs.id, id)).limit(1);
    return row ? String(row.at.getTime()) : undefined;
  }
  const [row] = await db
    .select({ at: t.subjects.updatedAt, uni: t.universities.updatedAt })
    .from(t.subjects)
    .leftJoin(t.universities, eq(t.universities.id, t.subjects.universityId))
    .where(and(eq(t.subjects.id, id), eq(t.subjects.isActive, true)))
    .limit(1);
  return row ? `${row.at.getTime()}.${row.uni?.getTime() ?? 0}` : undefined;
}
