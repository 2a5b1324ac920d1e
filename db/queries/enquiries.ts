import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { assistanceRequests, auditLog, contactMessages, staff } from '../schema/index.ts';
import type { InboxSource, InboxStatus } from '#schemas/admin/index.ts';
import { pageOf } from './page.ts';
import { batch } from '../batch.ts';
import { move, movesOf } from './stage-history.ts';
import { arrivalInsert, type Arrival } from './arrivals.ts';

/** Stores a message from one of the public contact forms, with its entry into the history and where it came from. */
export async function insertContactMessage(
  db: Db,
  message: Omit<typeof contactMessages.$inferInsert, 'id'>,
  arrival: Arrival | null = null,
) {
  const id = crypto.randomUUID();
  const at = new Date();
  await batch(db, [
    db.insert(contactMessages).values({ id, ...message, createdAt: at, updatedAt: at }),
    move({ entity: 'contact_message', entityId: id, from: null, to: 'unread', actor: 'person', at: +at }),
    ...arrivalInsert(db, 'contact_message', id, arrival, at),
  ]);
}

/** Stores an employer's request for staffing help, with its entry into the history and where it came from. */
export async function insertAssistanceRequest(
  db: Db,
  request: typeof assistanceRequests.$inferInsert,
  arrival: Arrival | null = null,
) {
  const at = new Date();
  await batch(db, [
    db.insert(assistanceRequests).values({ ...request, createdAt: at, updatedAt: at }),
    move({
      entity: 'assistance_request',
      entityId: request.id,
      from: null,
      to: 'unread',
      actor: 'person',
      at: +at,
    }),
    ...arrivalInsert(db, 'assistance_request', request.id, arrival, at),
  ]);
}

const historyEntity = { contact: 'contact_message', assistance: 'assistance_request' } as const;
const tableName = { contact: 'contact_messages', assistance: 'assistance_requests' } as const;

/** The history row of a message moving to `status` (none if it is there already), batched before the move. */
function inboxMove(source: InboxSource, id: string, status: InboxStatus, where: SQL, staffId: string | null) {
  return movesOf({
    entity: historyEntity[source],
    table: tableName[source],
    where: sql`id = ${id} and ${where}`,
    status: 'status',
    owner: null,
    to: status,
    actor: 'staff',
    staffId,
    at: Date.now(),
  });
}

/** One row of the inbox: a contact message or an assistance request, in the shape both share. */
interface InboxRow extends Record<string, unknown> {
  source: InboxSource;
  id: string;
  kind: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  status: string;
  createdAt: number;
}

const tables = { contact: contactMessages, assistance: assistanceRequests } as const;

/** Filters shared by both halves of the union (the column names are the same in both tables). */
function inboxFilters(filter: { status?: string | undefined; needle?: string | undefined }, nameColumn: SQL) {
  const parts: SQL[] = [sql`1 = 1`];
  if (filter.status) parts.push(sql`status = ${filter.status}`);
  const p = filter.needle;
  if (p) {
    parts.push(
      sql`(instr(lower(${nameColumn}), ${p}) > 0 or instr(lower(email), ${p}) > 0 or instr(lower(message), ${p}) > 0)`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** The inbox's page over the given sources, newest first: by status or a search needle. */
export async function listInbox(
  db: Db,
  sources: readonly InboxSource[],
  filter: { status?: string | undefined; needle?: string | undefined },
  page: { limit: number; offset: number },
) {
  const halves = sources.map((s) =>
    s === 'contact'
      ? sql`select 'contact' as source, id, kind, full_name as name, email, subject, message, status, created_at as createdAt from contact_messages where ${inboxFilters(filter, sql`full_name`)}`
      : sql`select 'assistance' as source, id, 'assistance' as kind, contact_name || ' (' || company_name || ')' as name, email, null as subject, message, status, created_at as createdAt from assistance_requests where ${inboxFilters(filter, sql`(contact_name || ' ' || company_name)`)}`,
  );
  // Raw SQL: one ordered page and one count over the union of two tables of different shapes (computed name).
  const union = sql.join(halves, sql` union all `);
  return pageOf(
    db.all<InboxRow>(
      sql`select * from (${union}) order by createdAt desc, id limit ${page.limit} offset ${page.offset}`,
    ),
    db.all<{ n: number }>(sql`select count(*) as n from (${union})`),
  );
}

/** One contact message or assistance request, or undefined. */
export async function findEnquiry(db: Db, source: InboxSource, id: string) {
  const table = tables[source];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row;
}

/** Marks a message read if it is still unread (a message already read or handled keeps its state). */
export async function markEnquiryRead(
  db: Db,
  source: InboxSource,
  id: string,
  staffId: string | null = null,
) {
  const table = tables[source];
  await batch(db, [
    inboxMove(source, id, 'read', sql`status = 'unread'`, staffId),
    db
      .update(table)
      .set({ status: 'read', updatedAt: new Date() })
      .where(and(eq(table.id, id), eq(table.status, 'unread'))),
  ]);
}

/**
 * The change of a message's status and its history row, not yet run (the caller batches them with
 * its audit entry, the history row first so it reads the status the message leaves).
 */
export function enquiryStatusStatements(
  db: Db,
  source: InboxSource,
  id: string,
  status: InboxStatus,
  staffId: string | null,
) {
  const table = tables[source];
  return [
    inboxMove(source, id, status, sql`1 = 1`, staffId),
    db.update(table).set({ status, updatedAt: new Date() }).where(eq(table.id, id)),
  ] as const;
}

/** The replies staff sent to a message (from the audit log), newest first, with who sent each. */
export async function listEnquiryReplies(db: Db, source: InboxSource, id: string) {
  const rows = await db
    .select({ after: auditLog.after, createdAt: auditLog.createdAt, staffName: staff.name })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(eq(auditLog.action, 'inbox.reply'), eq(auditLog.entity, source), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.createdAt));
  return rows.map((r) => ({
    ...(r.after as { subject: string; message: string }),
    createdAt: r.createdAt,
    staffName: r.staffName,
  }));
}
