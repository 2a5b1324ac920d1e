import { asc, eq, and, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as t from '../schema/index.ts';
import type { CountryDto, DepartmentDto, SubjectDto, UniversityDto } from '../../schemas/catalog.ts';

type SubjectRow = typeof t.subjects.$inferSelect;
type CountryRow = typeof t.countries.$inferSelect;
type UniversityRow = typeof t.universities.$inferSelect;
type ScholarshipRow = typeof t.scholarships.$inferSelect;

/** The API shape of a subject (spec 1 section 3): `_id` plus the university's name. */
export function toSubject(row: SubjectRow, universityName: string | null): SubjectDto {
  const { isActive: _a, sortOrder: _s, createdAt: _c, ...rest } = row;
  return { _id: row.id, ...rest, university: universityName ?? 'Unknown University' };
}

export function toCountry(row: CountryRow): CountryDto {
  const { isActive: _a, sortOrder: _s, createdAt: _c, updatedAt: _u, ...rest } = row;
  return { _id: row.id, ...rest };
}

export function toUniversity(row: UniversityRow, scholarshipList: ScholarshipRow[] = []): UniversityDto {
  const { isActive: _a, createdAt: _c, updatedAt: _u, ...rest } = row;
  return {
    _id: row.id,
    ...rest,
    country: row.countryId,
    scholarshipList: scholarshipList.map(({ name, amount, eligibility, deadline }) => ({ name, amount, eligibility, deadline })),
  };
}

const subjectWithUniversity = (db: Db) =>
  db
    .select({ subject: t.subjects, universityName: t.universities.name })
    .from(t.subjects)
    .leftJoin(t.universities, eq(t.subjects.universityId, t.universities.id));

/** Active subjects in catalogue order, optionally for one country. */
export async function listSubjects(db: Db, filter: { countryId?: string | undefined; limit?: number | undefined } = {}) {
  const where = filter.countryId
    ? and(eq(t.subjects.isActive, true), eq(t.subjects.countryId, filter.countryId))
    : eq(t.subjects.isActive, true);
  const query = subjectWithUniversity(db).where(where).orderBy(asc(t.subjects.sortOrder), asc(t.subjects.name));
  const rows = filter.limit ? await query.limit(filter.limit) : await query;
  return rows.map((r) => toSubject(r.subject, r.universityName));
}

export async function getSubject(db: Db, id: string) {
  const [row] = await subjectWithUniversity(db).where(and(eq(t.subjects.id, id), eq(t.subjects.isActive, true)));
  return row ? toSubject(row.subject, row.universityName) : undefined;
}

export async function listCountries(db: Db) {
  const rows = await db.select().from(t.countries).where(eq(t.countries.isActive, true)).orderBy(asc(t.countries.sortOrder), asc(t.countries.name));
  return rows.map(toCountry);
}

export async function getCountry(db: Db, id: string) {
  const [row] = await db.select().from(t.countries).where(and(eq(t.countries.id, id), eq(t.countries.isActive, true)));
  return row ? toCountry(row) : undefined;
}

export async function listUniversities(db: Db) {
  const [rows, scholarships] = await Promise.all([
    db.select().from(t.universities).where(eq(t.universities.isActive, true)).orderBy(asc(t.universities.name)),
    db.select().from(t.scholarships).orderBy(asc(t.scholarships.id)),
  ]);
  return rows.map((u) => toUniversity(u, scholarships.filter((s) => s.universityId === u.id)));
}

export async function getUniversity(db: Db, id: string) {
  const [row] = await db.select().from(t.universities).where(and(eq(t.universities.id, id), eq(t.universities.isActive, true)));
  if (!row) return undefined;
  const scholarships = await db.select().from(t.scholarships).where(eq(t.scholarships.universityId, id));
  return toUniversity(row, scholarships);
}

export async function listDepartments(db: Db): Promise<DepartmentDto[]> {
  const rows = await db.select().from(t.departments).where(eq(t.departments.isActive, true)).orderBy(asc(t.departments.sortOrder));
  return rows.map(({ isActive: _a, sortOrder: _s, createdAt: _c, updatedAt: _u, ...d }) => ({ _id: d.id, ...d }));
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
 * Case-insensitive substring search over name and description (spec 1 section 4). Queries of 3+
 * characters use the FTS5 trigram index; shorter ones fall back to LIKE on the name only, which
 * is cheap and what a person typing two letters expects.
 */
export async function searchSubjects(db: Db, query: string, limit: number) {
  const q = query.trim();
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const where =
    q.length >= 3
      ? sql`${t.subjects}.rowid in (select rowid from subjects_fts where subjects_fts match ${`"${q.replace(/"/g, '""')}"`})`
      : sql`${t.subjects.name} like ${like} escape '\\'`;
  const rows = await db
    .select({
      _id: t.subjects.id,
      name: t.subjects.name,
      description: t.subjects.description,
      university: t.universities.name,
      countryId: t.subjects.countryId,
      degreeType: t.subjects.degreeType,
      total: sql<number>`count(*) over ()`,
    })
    .from(t.subjects)
    .leftJoin(t.universities, eq(t.subjects.universityId, t.universities.id))
    .where(and(eq(t.subjects.isActive, true), where))
    .orderBy(asc(t.subjects.sortOrder), asc(t.subjects.name))
    .limit(limit);
  const hits: SubjectHit[] = rows.map(({ total: _t, description, university, ...r }) => {
    const text = description.join(' ');
    return { ...r, university: university ?? 'Unknown University', description: text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH).trimEnd()}…` : text };
  });
  return { results: hits, total: rows[0]?.total ?? 0 };
}
