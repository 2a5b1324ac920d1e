import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  assistanceRequests,
  auditLog,
  contactMessages,
  jobApplicants,
  jobApplications,
  jobs,
  outbox,
  partnerRequests,
  partners,
  programApplications,
  staff,
  subjects,
  users,
} from '../schema/index.ts';
import { contains } from './text-search.ts';

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  staffId: auditLog.staffId,
  staffName: staff.name,
  staffEmail: staff.email,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
};

/** A page of the audit log, newest first, with who did it: by entity, by action, by a search needle. */
export async function listAudit(
  db: Db,
  filter: { entity?: string | undefined; action?: string | undefined; needle?: string | undefined },
  page: { limit: number; offset: number },
) {
  const p = filter.needle;
  const where = and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    p
      ? or(
          contains(auditLog.action, p),
          contains(auditLog.entity, p),
          contains(auditLog.entityId, p),
          contains(staff.name, p),
          contains(staff.email, p),
        )
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.staffId)).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** One audit entry with who did it, or undefined. */
export async function findAuditEntry(db: Db, id: string) {
  const [row] = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(eq(auditLog.id, id));
  return row;
}

/**
 * What each entry of a page is about, in words, for its sentence (schemas/audit-text.ts): the person
 * and program of an application, a partner's company, a request's title, a staff member's name, a
 * message's sender. One query per kind of thing on the page, whatever the page's size; a thing
 * deleted since has no name (the sentence falls back to its id).
 */
export async function auditSubjects(db: Db, rows: { entity: string; entityId: string | null }[]) {
  const ids = (entity: string) => [
    ...new Set(rows.filter((r) => r.entity === entity && r.entityId).map((r) => r.entityId!)),
  ];
  const names = new Map<string, string>();
  const put = (entity: string, list: { id: string; name: string }[]) => {
    for (const r of list) names.set(`${entity}:${r.id}`, r.name);
  };
  const possessive = (name: string) => `${name}'s`;
  const lookups: Promise<void>[] = [];
  const applications = ids('subscription');
  if (applications.length)
    lookups.push(
      db
        .select({ id: programApplications.id, person: users.fullName, program: subjects.name })
        .from(programApplications)
        .innerJoin(users, eq(users.id, programApplications.userId))
        .leftJoin(subjects, eq(subjects.id, programApplications.subjectId))
        .where(inArray(programApplications.id, applications))
        .then((r) =>
          put(
            'subscription',
            r.map((x) => ({
              id: x.id,
              name: `${possessive(x.person)} application${x.program ? ` to ${x.program}` : ''}`,
            })),
          ),
        ),
    );
  const jobApps = ids('job_application');
  if (jobApps.length)
    lookups.push(
      db
        .select({ id: jobApplications.id, person: jobApplicants.fullName, job: jobs.title })
        .from(jobApplications)
        .innerJoin(jobApplicants, eq(jobApplicants.id, jobApplications.applicantId))
        .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(inArray(jobApplications.id, jobApps))
        .then((r) =>
          put(
            'job_application',
            r.map((x) => ({
              id: x.id,
              name: `${possessive(x.person)} application${x.job ? ` to ${x.job}` : ''}`,
            })),
          ),
        ),
    );
  const partnerIds = ids('partner');
  if (partnerIds.length)
    lookups.push(
      db
        .select({ id: partners.id, name: partners.companyName })
        .from(partners)
        .where(inArray(partners.id, partnerIds))
        .then((r) =>
          put(
            'partner',
            r.map((x) => ({ id: x.id, name: `the partner account of ${x.name}` })),
          ),
        ),
    );
  const requestIds = ids('partner_request');
  if (requestIds.length)
    lookups.push(
      db
        .select({ id: partnerRequests.id, name: partnerRequests.title })
        .from(partnerRequests)
        .where(inArray(partnerRequests.id, requestIds))
        .then((r) =>
          put(
            'partner_request',
            r.map((x) => ({ id: x.id, name: `the partner request “${x.name}”` })),
          ),
        ),
    );
  const staffIds = ids('staff');
  if (staffIds.length)
    lookups.push(
      db
        .select({ id: staff.id, name: staff.name })
        .from(staff)
        .where(inArray(staff.id, staffIds))
        .then((r) => put('staff', r)),
    );
  const contactIds = ids('contact');
  if (contactIds.length)
    lookups.push(
      db
        .select({ id: contactMessages.id, name: contactMessages.fullName })
        .from(contactMessages)
        .where(inArray(contactMessages.id, contactIds))
        .then((r) => put('contact', r)),
    );
  const assistanceIds = ids('assistance');
  if (assistanceIds.length)
    lookups.push(
      db
        .select({ id: assistanceRequests.id, name: assistanceRequests.contactName })
        .from(assistanceRequests)
        .where(inArray(assistanceRequests.id, assistanceIds))
        .then((r) => put('assistance', r)),
    );
  const studentIds = ids('student');
  if (studentIds.length)
    lookups.push(
      db
        .select({ id: users.id, name: users.fullName })
        .from(users)
        .where(inArray(users.id, studentIds))
        .then((r) =>
          put(
            'student',
            r.map((x) => ({ id: x.id, name: `the student ${x.name}` })),
          ),
        ),
    );
  const applicantIds = ids('applicant');
  if (applicantIds.length)
    lookups.push(
      db
        .select({ id: jobApplicants.id, name: jobApplicants.fullName })
        .from(jobApplicants)
        .where(inArray(jobApplicants.id, applicantIds))
        .then((r) =>
          put(
            'applicant',
            r.map((x) => ({ id: x.id, name: `the job seeker ${x.name}` })),
          ),
        ),
    );
  const outboxIds = ids('outbox');
  if (outboxIds.length)
    lookups.push(
      db
        .select({ id: outbox.id, name: outbox.subject })
        .from(outbox)
        .where(inArray(outbox.id, outboxIds))
        .then((r) =>
          put(
            'outbox',
            r.map((x) => ({ id: x.id, name: `the e-mail “${x.name}”` })),
          ),
        ),
    );
  await Promise.all(lookups);
  return (entity: string, id: string | null) => (id ? names.get(`${entity}:${id}`) : undefined);
}
