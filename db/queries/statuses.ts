import { and, eq, getTableName } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  jobApplicants,
  jobApplications,
  jobs,
  partnerRequests,
  partners,
  staff,
  statusChanges,
  subjects,
  programApplications,
  users,
} from '../schema/index.ts';
import type { Pipeline } from '#schemas/pipelines.ts';

// The reads and writes of status changes; the moves allowed and the e-mails are
// functions/services/recruitment/status.ts.

/** A program application's status and the student it notifies. */
export async function applicationRecipient(db: Db, id: string) {
  const [row] = await db
    .select({
      from: programApplications.status,
      email: users.email,
      name: users.fullName,
      subject: subjects.name,
    })
    .from(programApplications)
    .innerJoin(users, eq(users.id, programApplications.userId))
    .leftJoin(subjects, eq(subjects.id, programApplications.subjectId))
    .where(eq(programApplications.id, id));
  return row;
}

/** A partner account's approval status and whom it notifies. */
export async function partnerRecipient(db: Db, id: string) {
  const [row] = await db
    .select({
      from: partners.approvalStatus,
      email: partners.email,
      name: partners.contactFirstName,
      company: partners.companyName,
    })
    .from(partners)
    .where(eq(partners.id, id));
  return row;
}

/** A partner request's status and the partner it notifies. */
export async function partnerRequestRecipient(db: Db, id: string) {
  const [row] = await db
    .select({
      from: partnerRequests.status,
      type: partnerRequests.type,
      title: partnerRequests.title,
      email: partners.email,
      name: partners.contactFirstName,
    })
    .from(partnerRequests)
    .innerJoin(partners, eq(partners.id, partnerRequests.partnerId))
    .where(eq(partnerRequests.id, id));
  return row;
}

/** A job application's status and the applicant it notifies. */
export async function jobApplicationRecipient(db: Db, id: string) {
  const [row] = await db
    .select({
      from: jobApplications.status,
      email: jobApplicants.email,
      name: jobApplicants.fullName,
      job: jobs.title,
      company: jobs.company,
    })
    .from(jobApplications)
    .innerJoin(jobApplicants, eq(jobApplicants.id, jobApplications.applicantId))
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.id, id));
  return row;
}

/** The table and column each pipeline's status lives in (what the person's dashboard reads). */
const columns: Record<Pipeline, [string, string]> = {
  subscription: [getTableName(programApplications), programApplications.status.name],
  partner: [getTableName(partners), partners.approvalStatus.name],
  partner_request: [getTableName(partnerRequests), partnerRequests.status.name],
  job_application: [getTableName(jobApplications), jobApplications.status.name],
};

/**
 * One batch (one transaction): the status moves only if it is still `from`, and the history row
 * and the audit entry are written only if it moved (SQLite's changes() of the previous statement),
 * so two staff members acting at once never leave a history of a change that did not happen.
 * Returns whether the status moved.
 */
export async function recordChange(
  db: Db,
  {
    pipeline,
    id,
    from,
    to,
    staffId,
    note,
  }: { pipeline: Pipeline; id: string; from: string; to: string; staffId: string; note?: string | undefined },
) {
  const now = Date.now();
  const [table, column] = columns[pipeline];
  // Raw SQL (docs/decisions/013): the history and audit rows are `insert … select … where changes() > 0`,
  // written only if the conditional update before them moved the status (Drizzle has neither form).
  const d1 = db.$client;
  const [updated] = await d1.batch([
    d1
      .prepare(`update ${table} set ${column} = ?, updated_at = ? where id = ? and ${column} = ?`)
      .bind(to, now, id, from),
    d1
      .prepare(
        `insert into status_changes (id, entity, entity_id, from_status, to_status, staff_id, note, created_at, updated_at)
      select ?, ?, ?, ?, ?, ?, ?, ?, ? where changes() > 0`,
      )
      .bind(crypto.randomUUID(), pipeline, id, from, to, staffId, note || null, now, now),
    d1
      .prepare(
        `insert into audit_log (id, staff_id, action, entity, entity_id, before, after, created_at, updated_at)
      select ?, ?, ?, ?, ?, ?, ?, ?, ? where changes() > 0`,
      )
      .bind(
        crypto.randomUUID(),
        staffId,
        `${pipeline}.status`,
        pipeline,
        id,
        JSON.stringify({ status: from }),
        JSON.stringify({ status: to, ...(note ? { note } : {}) }),
        now,
        now,
      ),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/** The recorded history of one item, oldest first. */
export async function statusHistory(db: Db, pipeline: Pipeline, id: string) {
  return db
    .select({
      fromStatus: statusChanges.fromStatus,
      toStatus: statusChanges.toStatus,
      note: statusChanges.note,
      createdAt: statusChanges.createdAt,
      staffName: staff.name,
    })
    .from(statusChanges)
    .leftJoin(staff, eq(staff.id, statusChanges.staffId))
    .where(and(eq(statusChanges.entity, pipeline), eq(statusChanges.entityId, id)))
    .orderBy(statusChanges.createdAt);
}
