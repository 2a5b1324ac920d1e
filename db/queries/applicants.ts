import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { readInChunks } from '../d1-limits.ts';
import { jobApplicants, jobApplications, jobs } from '../schema/index.ts';
import { contains } from './text-search.ts';

/** The applicant a confirmation link or a signed-in request names. */
export async function findApplicant(db: Db, id: string) {
  const [row] = await db
    .select({
      id: jobApplicants.id,
      fullName: jobApplicants.fullName,
      email: jobApplicants.email,
      phone: jobApplicants.phone,
      emailConfirmedAt: jobApplicants.emailConfirmedAt,
    })
    .from(jobApplicants)
    .where(eq(jobApplicants.id, id))
    .limit(1);
  return row;
}

/** Marks the e-mail confirmed: true for the first click only (one conditional UPDATE). */
export async function confirmApplicantEmail(db: Db, id: string) {
  const rows = await db
    .update(jobApplicants)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(jobApplicants.id, id), isNull(jobApplicants.emailConfirmedAt)))
    .returning({ id: jobApplicants.id });
  return rows.length === 1;
}

/**
 * Takes the applicant's held applications to be forwarded: sets `forwarded_at` on those still
 * without it, in one conditional UPDATE, so each is forwarded once however often this runs.
 * Returns them with their job, for the notices.
 */
export async function takeHeldApplications(db: Db, applicantId: string) {
  const taken = await db
    .update(jobApplications)
    .set({ forwardedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(jobApplications.applicantId, applicantId), isNull(jobApplications.forwardedAt)))
    .returning({ id: jobApplications.id });
  if (!taken.length) return [];
  // A person may have applied to more jobs than one IN list can name.
  return readInChunks(
    taken.map((r) => r.id),
    (ids) =>
      db
        .select({
          id: jobApplications.id,
          resumeName: jobApplications.resumeName,
          resumeSize: jobApplications.resumeSize,
          title: jobs.title,
          company: jobs.company,
          location: jobs.location,
        })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(inArray(jobApplications.id, ids)),
  );
}

/** Whether a job application's applicant has confirmed their e-mail (undefined: no such application). */
export async function applicationIsConfirmed(db: Db, applicationId: string) {
  const [row] = await db
    .select({ confirmedAt: jobApplicants.emailConfirmedAt })
    .from(jobApplications)
    .innerJoin(jobApplicants, eq(jobApplicants.id, jobApplications.applicantId))
    .where(eq(jobApplications.id, applicationId));
  return row ? row.confirmedAt !== null : undefined;
}

/** Creates a job applicant's account (the unique index on the e-mail refuses a second one). */
export async function insertApplicant(db: Db, applicant: typeof jobApplicants.$inferInsert) {
  await db.insert(jobApplicants).values(applicant);
}

/** True when the applicant has already applied to this job. */
export async function hasApplied(db: Db, jobId: string, applicantId: string) {
  const [existing] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.applicantId, applicantId)));
  return existing !== undefined;
}

/** Stores an application (the unique index on (job, applicant) refuses a second one). */
export async function insertJobApplication(db: Db, application: typeof jobApplications.$inferInsert) {
  await db.insert(jobApplications).values(application);
}

const staffColumns = {
  id: jobApplications.id,
  status: jobApplications.status,
  createdAt: jobApplications.createdAt,
  jobId: jobApplications.jobId,
  jobTitle: jobs.title,
  company: jobs.company,
  applicantId: jobApplicants.id,
  applicantName: jobApplicants.fullName,
  applicantEmail: jobApplicants.email,
  applicantPhone: jobApplicants.phone,
  resumeName: jobApplications.resumeName,
  resumeSize: jobApplications.resumeSize,
  emailConfirmedAt: jobApplicants.emailConfirmedAt,
  forwardedAt: jobApplications.forwardedAt,
};

/** The back office's page of job applications, newest first, with job and applicant: by status or a search needle. */
export async function listJobApplicationsForStaff(
  db: Db,
  filter: {
    status?: (typeof jobApplications.$inferSelect)['status'] | undefined;
    needle?: string | undefined;
  },
  page: { limit: number; offset: number },
) {
  const p = filter.needle;
  const where = and(
    filter.status ? eq(jobApplications.status, filter.status) : undefined,
    p
      ? or(
          contains(jobApplicants.fullName, p),
          contains(jobApplicants.email, p),
          contains(jobs.title, p),
          contains(jobs.company, p),
        )
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select(staffColumns)
      .from(jobApplications)
      .innerJoin(jobApplicants, eq(jobApplicants.id, jobApplications.applicantId))
      .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(where)
      .orderBy(desc(jobApplications.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(jobApplications)
      .innerJoin(jobApplicants, eq(jobApplicants.id, jobApplications.applicantId))
      .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** One job application as staff see it (with the cover letter), or undefined. */
export async function findJobApplicationForStaff(db: Db, id: string) {
  const [item] = await db
    .select({ ...staffColumns, coverLetter: jobApplications.coverLetter })
    .from(jobApplications)
    .innerJoin(jobApplicants, eq(jobApplicants.id, jobApplications.applicantId))
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.id, id));
  return item;
}

/** Where an application's CV is stored and its file name, or undefined. */
export async function findResume(db: Db, id: string) {
  const [row] = await db
    .select({ key: jobApplications.resumeKey, name: jobApplications.resumeName })
    .from(jobApplications)
    .where(eq(jobApplications.id, id));
  return row;
}
