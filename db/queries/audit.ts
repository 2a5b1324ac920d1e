import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  assistanceRequests,
  auditLog,
  consultations,
  contactMessages,
  counsellors,
  jobApplicants,
  outbox,
  staff,
  users,
} from '../schema/index.ts';
import { contains } from './text-search.ts';
import { pageOf } from './page.ts';
import { itemsWithOwner } from './pipeline-registry.ts';

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
  return pageOf(
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.staffId)).where(where),
  );
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

type Names = Promise<{ id: string; name: string }[]>;

/** For each kind of thing the audit log names, how to read the names of some of them. */
const nameReaders = (db: Db): Record<string, (ids: string[]) => Names> => {
  const possessive = (name: string) => `${name}'s`;
  const applicationNames = (pipeline: 'subscription' | 'job_application') => async (ids: string[]) =>
    (await itemsWithOwner(db, pipeline, ids)).map((x) => ({
      id: x.id,
      name: `${possessive(x.name)} application${x.title ? ` to ${x.title}` : ''}`,
    }));
  return {
    // A pipeline's items are named from the registry's join: the owner's name and the item's title.
    subscription: applicationNames('subscription'),
    job_application: applicationNames('job_application'),
    partner: async (ids) =>
      (await itemsWithOwner(db, 'partner', ids)).map((x) => ({
        id: x.id,
        name: `the partner account of ${x.title}`,
      })),
    partner_request: async (ids) =>
      (await itemsWithOwner(db, 'partner_request', ids)).map((x) => ({
        id: x.id,
        name: `the partner request “${x.title}”`,
      })),
    staff: (ids) => db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids)),
    contact: (ids) =>
      db
        .select({ id: contactMessages.id, name: contactMessages.fullName })
        .from(contactMessages)
        .where(inArray(contactMessages.id, ids)),
    assistance: (ids) =>
      db
        .select({ id: assistanceRequests.id, name: assistanceRequests.contactName })
        .from(assistanceRequests)
        .where(inArray(assistanceRequests.id, ids)),
    student: async (ids) =>
      (await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids))).map(
        (x) => ({ id: x.id, name: `the student ${x.name}` }),
      ),
    applicant: async (ids) =>
      (
        await db
          .select({ id: jobApplicants.id, name: jobApplicants.fullName })
          .from(jobApplicants)
          .where(inArray(jobApplicants.id, ids))
      ).map((x) => ({ id: x.id, name: `the job seeker ${x.name}` })),
    // A meeting by its person and time (UTC: the log is read in many zones); gone once erased or past its keeping.
    consultation: async (ids) =>
      (
        await db
          .select({ id: consultations.id, name: consultations.name, start: consultations.startAt })
          .from(consultations)
          .where(inArray(consultations.id, ids))
      ).map((x) => ({
        id: x.id,
        name: `${possessive(x.name)} consultation of ${x.start.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      })),
    counsellor: async (ids) =>
      (
        await db
          .select({ id: counsellors.id, name: counsellors.name })
          .from(counsellors)
          .where(inArray(counsellors.id, ids))
      ).map((x) => ({ id: x.id, name: `the counsellor ${x.name}` })),
    outbox: async (ids) =>
      (
        await db.select({ id: outbox.id, name: outbox.subject }).from(outbox).where(inArray(outbox.id, ids))
      ).map((x) => ({ id: x.id, name: `the e-mail “${x.name}”` })),
  };
};

/**
 * What each entry of a page is about, in words, for its sentence (schemas/audit-text.ts): the person
 * and program of an application, a partner's company, a request's title, a staff member's name, a
 * message's sender. One query per kind of thing on a page (per 90 of them in a CSV export); a thing
 * deleted since has no name (the sentence falls back to its id).
 */
export async function auditSubjects(db: Db, rows: { entity: string; entityId: string | null }[]) {
  const readers = nameReaders(db);
  const wanted = new Map<string, Set<string>>();
  for (const r of rows)
    if (r.entityId && r.entity in readers)
      wanted.set(r.entity, (wanted.get(r.entity) ?? new Set()).add(r.entityId));
  const names = new Map<string, string>();
  // D1 binds at most 100 parameters a statement: a CSV export of thousands of entries asks in chunks.
  const CHUNK = 90;
  await Promise.all(
    [...wanted].map(async ([entity, set]) => {
      const ids = [...set];
      for (let i = 0; i < ids.length; i += CHUNK)
        for (const { id, name } of await readers[entity]!(ids.slice(i, i + CHUNK)))
          names.set(`${entity}:${id}`, name);
    }),
  );
  return (entity: string, id: string | null) => (id ? names.get(`${entity}:${id}`) : undefined);
}

export interface AuditEntry {
  staffId: string | null;
  /** What was done, dotted: 'content.update', 'subscription.status', 'staff.create' ... */
  action: string;
  /** The kind of thing acted on: 'subjects', 'subscription', 'staff' ... */
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * The insert for one audit entry, not yet run: callers put it in the same `db.batch` as the change
 * it records, so the change and its record land together or not at all.
 */
export function auditInsert(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values({
    id: crypto.randomUUID(),
    staffId: entry.staffId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Records one staff action on its own (when nothing else changes with it). */
export async function writeAudit(db: Db, entry: AuditEntry) {
  await auditInsert(db, entry);
}
