import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ftsPhrase, likeContains, trigramSearchable } from './text-search.ts';
import * as t from '../schema/index.ts';
import {
  JOBS_PAGE_SIZE,
  type JobDetail,
  type JobSummary,
  type JobsPage,
  type MyApplication,
  type StrategyCard,
} from '#schemas/recruitment.ts';

type JobRow = typeof t.jobs.$inferSelect;

const summaryColumns = {
  id: t.jobs.id,
  title: t.jobs.title,
  description: t.jobs.description,
  category: t.jobs.category,
  company: t.jobs.company,
  location: t.jobs.location,
  startDate: t.jobs.startDate,
  endDate: t.jobs.endDate,
  recruitmentType: t.jobs.recruitmentType,
};

const toSummary = ({ id, ...rest }: { id: string } & Omit<JobSummary, '_id'>): JobSummary => ({
  _id: id,
  ...rest,
});

/** The API shape of one job: the static sample job's fields (position is the title). */
export function toJobDetail(row: JobRow): JobDetail {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    position: row.title,
    description: row.description,
    category: row.category,
    company: row.company,
    location: row.location,
    address: row.address,
    startDate: row.startDate,
    endDate: row.endDate,
    recruitmentType: row.recruitmentType,
    employment: row.employment,
    schedule: row.schedule,
    payment: row.payment,
    hiring: row.hiring,
    urgent: row.urgent,
    tags: row.tags,
    type: row.type,
    requirements: row.requirements,
    companyInfo: row.companyInfo,
    status: row.status,
    postedAt: row.createdAt.toISOString(),
  };
}

const open = eq(t.jobs.status, 'open');
const order = [asc(t.jobs.sortOrder), asc(t.jobs.id)];

/** Every open job in board order (the spec's plain list). */
export async function listOpenJobs(db: Db): Promise<JobSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(t.jobs)
    .where(open)
    .orderBy(...order);
  return rows.map(toSummary);
}

/**
 * The distinct categories of open jobs, sorted. A `select distinct` reads every open job's index
 * entry (10,000 at scale) on every request; this walks `jobs_category_idx (status, category)` one
 * category at a time instead (a loose index scan: one index seek per category, ~15 in all), so it
 * costs the same whatever the size of the board and needs no cache to invalidate. Raw SQL
 * (docs/decisions/013): a recursive CTE, which Drizzle's builder cannot say.
 */
export const openCategoriesSql = `with recursive c(category) as (
  select min(category) from jobs where status = 'open'
  union all
  select (select min(category) from jobs where status = 'open' and category > c.category) from c where c.category is not null
) select category from c where category is not null`;

/**
 * One page of open jobs filtered in the database: `q` (trimmed, case-insensitive) in the title,
 * company, location or description; `category` compared case-insensitively.
 *
 * `q` of 3+ characters goes through `jobs_fts` (FTS5 trigram, migration 0002): the matching rowids
 * come from the index, never from scanning the descriptions. Shorter queries can't use trigrams and
 * fall back to LIKE over the four columns (ASCII case-insensitive, like the `lower()` it replaces);
 * the page itself still stops after one page in board order, only the total scans.
 * (The statements are exported so a test can check their query plans.)
 */
export function jobSearchQueries(db: Db, filter: { q?: string; category?: string }) {
  const conditions: SQL[] = [open];
  const q = filter.q?.trim();
  const phrase = q && trigramSearchable(q) ? ftsPhrase(q) : undefined;
  // Raw SQL (docs/decisions/013): FTS5's `match` on jobs_fts, a table Drizzle has no schema for.
  const hits = sql`select rowid from jobs_fts where jobs_fts match ${phrase ?? ''}`;
  if (q) {
    const like = likeContains(q);
    conditions.push(
      phrase !== undefined
        ? // The unary + keeps the planner walking the board-order index and probing the hits (a page
          // stops after 3), rather than reading every match's row by rowid and sorting them.
          sql`+${t.jobs}.rowid in (${hits})`
        : sql`(${sql.join(
            [t.jobs.title, t.jobs.company, t.jobs.location, t.jobs.description].map(
              (col) => sql`${col} like ${like} escape '\\'`,
            ),
            sql` or `,
          )})`,
    );
  }
  const category = filter.category?.trim();
  // lower(category) = ? is what `jobs_category_lower_idx` indexes.
  if (category) conditions.push(sql`lower(${t.jobs.category}) = ${category.toLowerCase()}`);
  const where = and(...conditions);
  return {
    // A text search alone counts the index's hits minus the closed jobs among them (a walk over the
    // few 'closed' entries of jobs_status_idx) instead of probing every open job: status is
    // 'open' or 'closed' (the schema's enum). With a category, the count walks that category only.
    // (As a builder select, not db.all: Drizzle's D1 batch can't bind parameters of a raw query.)
    count:
      phrase !== undefined && !category
        ? db
            .select({
              total: sql<number>`(with hits as materialized (${hits}) select (select count(*) from hits) - (select count(*) from ${t.jobs} where ${t.jobs.status} = 'closed' and +${t.jobs}.rowid in hits))`,
            })
            .from(sql`(select 1)`)
        : db
            .select({ total: sql<number>`count(*)` })
            .from(t.jobs)
            .where(where),
    page: (page: number) =>
      db
        .select(summaryColumns)
        .from(t.jobs)
        .where(where)
        .orderBy(...order)
        .limit(JOBS_PAGE_SIZE)
        .offset((page - 1) * JOBS_PAGE_SIZE),
    categories: db.all<{ category: string }>(sql.raw(openCategoriesSql)),
  };
}

/**
 * The search's answer. The total, the page and the category list go to D1 in one batch (one round
 * trip); the page is asked for as requested and fetched again only when it was past the end
 * (clamped to the last page).
 */
export async function searchOpenJobs(
  db: Db,
  filter: { q?: string; category?: string; page?: number },
): Promise<JobsPage> {
  const queries = jobSearchQueries(db, filter);
  const requested = filter.page ?? 1;
  const [countRows, categoryRows, firstTry] = await db.batch([
    queries.count,
    queries.categories,
    queries.page(requested),
  ]);
  const total = Number(countRows[0]?.total ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE));
  const page = Math.min(requested, totalPages);
  const rows = page === requested ? firstTry : await queries.page(page);
  return {
    jobs: rows.map(toSummary),
    total,
    page,
    pageSize: JOBS_PAGE_SIZE,
    totalPages,
    categories: categoryRows.map((r) => r.category),
  };
}

/** One job, open or closed (a closed job still has its page; it no longer takes applications). */
export async function getJob(db: Db, id: string): Promise<JobDetail | undefined> {
  const [row] = await db.select().from(t.jobs).where(eq(t.jobs.id, id)).limit(1);
  return row ? toJobDetail(row) : undefined;
}

/** Jobs with their full detail, in board order: those matching `where` (a page of the build snapshot). */
export async function listJobDetails(db: Db, where?: SQL): Promise<JobDetail[]> {
  const rows = await db
    .select()
    .from(t.jobs)
    .where(where)
    .orderBy(...order);
  return rows.map(toJobDetail);
}

/** An applicant's applications, newest first, with the job's title, company and location. */
export async function listApplicationsOf(db: Db, applicantId: string): Promise<MyApplication[]> {
  const rows = await db
    .select({
      application: t.jobApplications,
      title: t.jobs.title,
      company: t.jobs.company,
      location: t.jobs.location,
    })
    .from(t.jobApplications)
    .innerJoin(t.jobs, eq(t.jobApplications.jobId, t.jobs.id))
    .where(eq(t.jobApplications.applicantId, applicantId))
    .orderBy(desc(t.jobApplications.createdAt));
  return rows.map(({ application: a, title, company, location }) => ({
    _id: a.id,
    jobId: a.jobId,
    jobTitle: title,
    company,
    location,
    status: a.status,
    resumeName: a.resumeName,
    appliedAt: a.createdAt.toISOString(),
    held: a.forwardedAt === null,
  }));
}

/** The four strategy cards, in order. */
export async function listStrategies(db: Db): Promise<StrategyCard[]> {
  const rows = await db.select().from(t.strategies).orderBy(asc(t.strategies.id));
  return rows.map(({ id, title, icon, description, extendedDescription }) => ({
    id,
    title,
    icon,
    description,
    extendedDescription,
  }));
}

/** The 16 employer categories of the assistance form, in the company's order. */
export async function listEmployerCategories(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: t.employerCategories.name })
    .from(t.employerCategories)
    .orderBy(asc(t.employerCategories.sortOrder));
  return rows.map((r) => r.name);
}
