import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as t from '../schema/index.ts';
import { JOBS_PAGE_SIZE, type JobDetail, type JobSummary, type JobsPage, type MyApplication, type StrategyCard } from '../../schemas/recruitment.ts';

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

const toSummary = ({ id, ...rest }: { id: string } & Omit<JobSummary, '_id'>): JobSummary => ({ _id: id, ...rest });

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
  };
}

const open = eq(t.jobs.status, 'open');
const order = [asc(t.jobs.sortOrder), asc(t.jobs.id)];

/** Every open job in board order (the spec's plain list). */
export async function listOpenJobs(db: Db): Promise<JobSummary[]> {
  const rows = await db.select(summaryColumns).from(t.jobs).where(open).orderBy(...order);
  return rows.map(toSummary);
}

/**
 * One page of open jobs filtered in the database: `q` (trimmed, case-insensitive) in the title,
 * company, location or description; `category` compared case-insensitively. One indexed scan
 * per call with LIMIT/OFFSET, so the browser never downloads the whole board.
 */
export async function searchOpenJobs(db: Db, filter: { q?: string; category?: string; page?: number }): Promise<JobsPage> {
  const conditions: SQL[] = [open];
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    conditions.push(sql`(instr(lower(${t.jobs.title}), ${q}) > 0 or instr(lower(${t.jobs.company}), ${q}) > 0 or instr(lower(${t.jobs.location}), ${q}) > 0 or instr(lower(${t.jobs.description}), ${q}) > 0)`);
  }
  const category = filter.category?.trim();
  if (category) conditions.push(sql`lower(${t.jobs.category}) = ${category.toLowerCase()}`);
  const where = and(...conditions);
  const [countRows, categoryRows] = await Promise.all([
    db.select({ total: sql<number>`count(*)` }).from(t.jobs).where(where),
    db.selectDistinct({ category: t.jobs.category }).from(t.jobs).where(open).orderBy(asc(t.jobs.category)),
  ]);
  const total = Number(countRows[0]?.total ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE));
  const page = Math.min(filter.page ?? 1, totalPages);
  const rows = await db.select(summaryColumns).from(t.jobs).where(where).orderBy(...order).limit(JOBS_PAGE_SIZE).offset((page - 1) * JOBS_PAGE_SIZE);
  return { jobs: rows.map(toSummary), total, page, pageSize: JOBS_PAGE_SIZE, totalPages, categories: categoryRows.map((r) => r.category) };
}

/** One job, open or closed (a closed job still has its page; it no longer takes applications). */
export async function getJob(db: Db, id: string): Promise<JobDetail | undefined> {
  const [row] = await db.select().from(t.jobs).where(eq(t.jobs.id, id)).limit(1);
  return row ? toJobDetail(row) : undefined;
}

/** Every job with its full detail, for the pre-rendered /job pages. */
export async function listJobDetails(db: Db): Promise<JobDetail[]> {
  const rows = await db.select().from(t.jobs).orderBy(...order);
  return rows.map(toJobDetail);
}

/** An applicant's applications, newest first, with the job's title, company and location. */
export async function listApplicationsOf(db: Db, applicantId: string): Promise<MyApplication[]> {
  const rows = await db
    .select({ application: t.jobApplications, title: t.jobs.title, company: t.jobs.company, location: t.jobs.location })
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
  }));
}

/** The four strategy cards, in order. */
export async function listStrategies(db: Db): Promise<StrategyCard[]> {
  const rows = await db.select().from(t.strategies).orderBy(asc(t.strategies.id));
  return rows.map(({ id, title, icon, description, extendedDescription }) => ({ id, title, icon, description, extendedDescription }));
}

/** The 16 employer categories of the assistance form, in the company's order. */
export async function listEmployerCategories(db: Db): Promise<string[]> {
  const rows = await db.select({ name: t.employerCategories.name }).from(t.employerCategories).orderBy(asc(t.employerCategories.sortOrder));
  return rows.map((r) => r.name);
}
