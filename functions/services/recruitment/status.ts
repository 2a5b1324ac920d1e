import { and, eq, getTableName } from 'drizzle-orm';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import type { Db } from '#db/client.ts';
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
} from '#db/schema/index.ts';
import {
  personLabel,
  pipelineNames,
  pipelines,
  stageOf,
  staffLabel,
  timelinePath,
  type Pipeline,
} from '#schemas/pipelines.ts';
import { notificationEmail } from '../mail/emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import type { Mailer } from '../mail/mailer.ts';

export type { Pipeline };

/**
 * The allowed moves of every pipeline (schemas/pipelines.ts). A status not listed as a key is
 * unknown (400); a move not listed is refused (409). Final states list no moves.
 */
export const transitions = Object.fromEntries(
  pipelineNames.map((p) => [p, pipelines[p].transitions]),
) as Record<Pipeline, Record<string, readonly string[]>>;

/** The person a status change notifies, and the status the item is in now. */
interface Recipient {
  from: string;
  email: string;
  name: string;
  /** What the change is about, for the e-mail: 'your application for MSc Data Science'. */
  about: string;
}

async function loadRecipient(db: Db, pipeline: Pipeline, id: string): Promise<Recipient | undefined> {
  switch (pipeline) {
    case 'subscription': {
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
      return row && { ...row, about: `your application for ${row.subject ?? 'a program'}` };
    }
    case 'partner': {
      const [row] = await db
        .select({
          from: partners.approvalStatus,
          email: partners.email,
          name: partners.contactFirstName,
          company: partners.companyName,
        })
        .from(partners)
        .where(eq(partners.id, id));
      return row && { ...row, about: `the partner account of ${row.company}` };
    }
    case 'partner_request': {
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
      return (
        row && {
          ...row,
          about: `your ${row.type === 'student' ? 'student admission' : 'employee hiring'} request "${row.title}"`,
        }
      );
    }
    case 'job_application': {
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
      return (
        row && {
          ...row,
          about: `your application for ${row.job ?? 'a job'}${row.company ? ` at ${row.company}` : ''}`,
        }
      );
    }
  }
}

/** The table and column each pipeline's status lives in (what the person's dashboard reads). */
const columns: Record<Pipeline, [string, string]> = {
  subscription: [getTableName(programApplications), programApplications.status.name],
  partner: [getTableName(partners), partners.approvalStatus.name],
  partner_request: [getTableName(partnerRequests), partnerRequests.status.name],
  job_application: [getTableName(jobApplications), jobApplications.status.name],
};

/**
 * Moves one item of a pipeline to a new status. Checks the move is allowed, then in one batch
 * updates the row the person's dashboard reads, records who moved it and when (status_changes)
 * and writes the audit log; then e-mails the person. Returns whether the e-mail went out.
 */
export async function changeStatus(
  db: Db,
  mailer: Mailer,
  input: {
    pipeline: Pipeline;
    id: string;
    to: string;
    staffId: string;
    note?: string | undefined;
    siteUrl?: string | undefined;
  },
) {
  const { pipeline, id, to, staffId, note } = input;
  const table = transitions[pipeline];
  const label = (status: string) => staffLabel(pipeline, status);
  if (!(to in table)) throw new Invalid(`Status must be one of: ${Object.keys(table).join(', ')}`);
  const recipient = await loadRecipient(db, pipeline, id);
  if (!recipient) throw new NotFound('Not found');
  const { from } = recipient;
  if (from === to) throw new Conflict(`It is already ${label(to)}.`);
  if (!table[from]?.includes(to)) {
    throw new Conflict(`Cannot move from ${label(from)} to ${label(to)}.`);
  }
  if (!(await recordChange(db, { pipeline, id, from, to, staffId, note }))) {
    throw new Conflict('Someone else changed this item just now. Reload it and try again.');
  }

  // The person reads their own label and what happens next, and the link opens this item's timeline.
  const link = `${input.siteUrl ?? ''}${timelinePath(pipeline, id)}`;
  const shown = personLabel(pipeline, to);
  const next = stageOf(pipeline, to);
  const paragraphs = [
    `Hello ${recipient.name},`,
    `There is news about ${recipient.about}: its status is now "${shown}".`,
    ...(note ? [note] : []),
    ...(next?.next ? [`What happens next: ${next.next}`] : []),
    `See every step on your timeline: ${link}`,
  ];
  let emailed = true;
  try {
    await mailer.send(
      notificationEmail(
        await getSite(db),
        recipient.email,
        `Update on ${recipient.about}: ${shown}`,
        paragraphs,
      ),
    );
  } catch {
    // The change stands; the staff member is told the e-mail did not go out.
    emailed = false;
  }
  return { from, to, emailed };
}

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
