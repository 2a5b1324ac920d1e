import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { jobApplicants, jobApplications, jobs } from '../schema/index.ts';

/** The applicant a confirmation link or a signed-in request names. */
export async function findApplicant(db: Db, id: string) {
  const [row] = await db
    .select({ id: jobApplicants.id, fullName: jobApplicants.fullName, email: jobApplicants.email, phone: jobApplicants.phone, emailConfirmedAt: jobApplicants.emailConfirmedAt })
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
  return db
    .select({ id: jobApplications.id, resumeName: jobApplications.resumeName, resumeSize: jobApplications.resumeSize, title: jobs.title, company: jobs.company, location: jobs.location })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(inArray(jobApplications.id, taken.map((r) => r.id)));
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
