import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { batch, type Statement } from '../batch.ts';
import { readInChunks } from '../d1-limits.ts';
import {
  jobAlerts,
  jobApplicants,
  jobApplications,
  jobs,
  oneTimeCodes,
  sessions,
  statusChanges,
} from '../schema/index.ts';
import { contains } from './text-search.ts';
import { pageOf } from './page.ts';
import { pipelineRegistry } from './pipeline-registry.ts';
import { move, movesOf } from './stage-history.ts';
import { FORWARDED, pipelines } from '#schemas/pipelines.ts';

// The staff lists join an application's applicant (owner) and job (title) as the registry says.
const jobApplication = pipelineRegistry.job_application;

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

/** The applicant account of an address (there is at most one), or undefined. */
export async function findApplicantByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: jobApplicants.id, emailConfirmedAt: jobApplicants.emailConfirmedAt })
    .from(jobApplicants)
    .where(eq(jobApplicants.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

/** The stored CVs of an applicant's applications that were never passed on (to delete from R2). */
export async function heldResumeKeys(db: Db, applicantId: string) {
  const rows = await db
    .select({ key: jobApplications.resumeKey })
    .from(jobApplications)
    .where(and(eq(jobApplications.applicantId, applicantId), isNull(jobApplications.forwardedAt)));
  return rows.map((r) => r.key);
}

/** The jobs of an applicant's held applications (the confirmation e-mail names them), oldest first. */
export async function heldJobsOf(db: Db, applicantId: string) {
  // Not the registry's left join of the job: the e-mail names a job on every line, so an
  // application whose job is gone is left out.
  return db
    .select({ title: jobs.title, company: jobs.company })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(and(eq(jobApplications.applicantId, applicantId), isNull(jobApplications.forwardedAt)))
    .orderBy(jobApplications.createdAt);
}

/**
 * The statements withdrawing an applicant's held applications (never passed on) while the address
 * is unconfirmed, with their status history: nothing happens once the address is confirmed (the
 * condition is read inside the batch). The last statement reports how many were withdrawn.
 */
export function withdrawHeldStatements(db: Db, applicantId: string): Statement[] {
  const unconfirmed = sql`(select email_confirmed_at from job_applicants where id = ${applicantId}) is null`;
  const held = and(
    eq(jobApplications.applicantId, applicantId),
    isNull(jobApplications.forwardedAt),
    unconfirmed,
  );
  return [
    db
      .delete(statusChanges)
      .where(
        and(
          eq(statusChanges.entity, 'job_application'),
          inArray(
            statusChanges.entityId,
            db.select({ id: jobApplications.id }).from(jobApplications).where(held),
          ),
        ),
      ),
    db.delete(jobApplications).where(held),
  ];
}

/**
 * Starts a registration over an address whose applicant account is unconfirmed:
 * the earlier registration goes, with its sessions, codes, alerts and held applications (never
 * passed on), and the new one is a new account with a new id, so its password alone signs in and
 * only its own confirmation link works. One batch: if the earlier account was confirmed meanwhile,
 * its delete matches nothing, the insert breaks the unique index, and nothing changes (409).
 */
export function replaceApplicantStatements(
  db: Db,
  earlierId: string,
  applicant: typeof jobApplicants.$inferInsert,
): Statement[] {
  const unconfirmed = and(eq(jobApplicants.id, earlierId), isNull(jobApplicants.emailConfirmedAt));
  return [
    ...withdrawHeldStatements(db, earlierId),
    db.delete(sessions).where(and(eq(sessions.accountType, 'applicant'), eq(sessions.accountId, earlierId))),
    db
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.accountType, 'applicant'), eq(oneTimeCodes.accountId, earlierId))),
    db.delete(jobAlerts).where(eq(jobAlerts.applicantId, earlierId)),
    db.delete(jobApplicants).where(unconfirmed),
    db.insert(jobApplicants).values(applicant),
  ];
}

/** The statement confirming the address (a completed password reset proves it too). */
export function confirmApplicantStatement(db: Db, id: string) {
  return db
    .update(jobApplicants)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(jobApplicants.id, id), isNull(jobApplicants.emailConfirmedAt)));
}

/**
 * Marks the e-mail confirmed: true for the first click only (one conditional UPDATE). The sessions
 * made before it end, and tokens issued before it stop working: an applicant account is created
 * without proof of the address, so whoever registered it (perhaps not the address's owner) must not
 * keep a session into the account the owner has now confirmed.
 */
export async function confirmApplicantEmail(db: Db, id: string) {
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const rows = await db
    .update(jobApplicants)
    .set({ emailConfirmedAt: now, tokensValidAfter: now, updatedAt: now })
    .where(and(eq(jobApplicants.id, id), isNull(jobApplicants.emailConfirmedAt)))
    .returning({ id: jobApplicants.id });
  if (rows.length !== 1) return false;
  await db.delete(sessions).where(and(eq(sessions.accountType, 'applicant'), eq(sessions.accountId, id)));
  return true;
}

/**
 * Takes the applicant's held applications to be forwarded: sets `forwarded_at` on those still
 * without it, in one conditional UPDATE, so each is forwarded once however often this runs.
 * Returns them with their job, for the notices.
 */
export async function takeHeldApplications(db: Db, applicantId: string) {
  const now = new Date();
  // The forwarding's history rows first (for the applications still held), then the update, in one batch.
  const [, updated] = await batch(db, [
    movesOf({
      entity: 'job_application',
      table: 'job_applications',
      where: sql`applicant_id = ${applicantId} and forwarded_at is null`,
      status: null,
      owner: 'applicant_id',
      to: FORWARDED,
      actor: 'system',
      at: now.getTime(),
    }),
    db
      .update(jobApplications)
      .set({ forwardedAt: now, updatedAt: now })
      .where(and(eq(jobApplications.applicantId, applicantId), isNull(jobApplications.forwardedAt)))
      .returning({ id: jobApplications.id }),
  ]);
  const taken = (updated?.results ?? []) as { id: string }[];
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
          createdAt: jobApplications.createdAt,
          title: jobs.title,
          company: jobs.company,
          location: jobs.location,
        })
        .from(jobApplications)
        // An inner join, as in heldJobsOf: each notice names its job.
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(inArray(jobApplications.id, ids)),
  );
}

/** Whether a job application's applicant has confirmed their e-mail (undefined: no such application). */
export async function applicationIsConfirmed(db: Db, applicationId: string) {
  const [row] = await db
    .select({ confirmedAt: jobApplicants.emailConfirmedAt })
    .from(jobApplications)
    .innerJoin(...jobApplication.owner.join)
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

/**
 * Stores an application (the unique index on (job, applicant) refuses a second one, and with it the
 * batch), with its entry into the history and, when it goes to the employer at once, its forwarding.
 */
export async function insertJobApplication(
  db: Db,
  application: typeof jobApplications.$inferInsert & { createdAt: Date },
) {
  const common = {
    entity: 'job_application',
    entityId: application.id,
    ownerId: application.applicantId,
  } as const;
  const at = application.createdAt.getTime();
  await batch(db, [
    db.insert(jobApplications).values(application),
    move({ ...common, from: null, to: pipelines.job_application.initial, actor: 'person', at }),
    ...(application.forwardedAt
      ? [
          move({
            ...common,
            from: null,
            to: FORWARDED,
            actor: 'system',
            at: application.forwardedAt.getTime(),
          }),
        ]
      : []),
  ]);
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
  return pageOf(
    db
      .select(staffColumns)
      .from(jobApplications)
      .innerJoin(...jobApplication.owner.join)
      .leftJoin(...jobApplication.title.join)
      .where(where)
      .orderBy(desc(jobApplications.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(jobApplications)
      .innerJoin(...jobApplication.owner.join)
      .leftJoin(...jobApplication.title.join)
      .where(where),
  );
}

/** One job application as staff see it (with the cover letter), or undefined. */
export async function findJobApplicationForStaff(db: Db, id: string) {
  const [item] = await db
    .select({ ...staffColumns, coverLetter: jobApplications.coverLetter })
    .from(jobApplications)
    .innerJoin(...jobApplication.owner.join)
    .leftJoin(...jobApplication.title.join)
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
