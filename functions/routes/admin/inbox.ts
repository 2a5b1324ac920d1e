import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { auditLog, assistanceRequests, contactMessages, staff } from '#db/schema/index.ts';
import {
  inboxParam,
  inboxStatusSchema,
  inboxStatuses,
  listQuery,
  replySchema,
  type InboxDetailResponse,
  type InboxStatusResponse,
  type InboxRow as InboxRowSent,
  type InboxSource,
} from '#schemas/admin.ts';
import type { MessageOnly, Wire } from '#schemas/responses.ts';
import { auditInsert } from '#functions/services/audit.ts';
import { notificationEmail } from '#functions/services/emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import { adminOnly, searchNeedle, listResponse, window } from './shared.ts';

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
function filters(query: { q?: string | undefined; status?: string | undefined }, nameColumn: SQL) {
  const parts: SQL[] = [sql`1 = 1`];
  if (query.status) parts.push(sql`status = ${query.status}`);
  if (query.q) {
    const p = searchNeedle(query.q);
    parts.push(
      sql`(instr(lower(${nameColumn}), ${p}) > 0 or instr(lower(email), ${p}) > 0 or instr(lower(message), ${p}) > 0)`,
    );
  }
  return sql.join(parts, sql` and `);
}

async function findItem(c: { var: { db: AppEnv['Variables']['db'] } }, source: InboxSource, id: string) {
  const table = tables[source];
  const [row] = await c.var.db.select().from(table).where(eq(table.id, id));
  if (!row) throw new HTTPException(404, { message: 'Message not found' });
  return row;
}

/**
 * One inbox over both contact forms and the employers' assistance requests, newest first, with
 * unread/read/handled state, search, a detail view and replies by e-mail.
 */
export const adminInbox = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    if (query.status && !(inboxStatuses as readonly string[]).includes(query.status)) {
      throw new HTTPException(400, { message: 'Status must be unread, read or handled' });
    }
    const sources: InboxSource[] =
      query.type === 'contact' || query.type === 'assistance' ? [query.type] : ['contact', 'assistance'];
    const halves = sources.map((s) =>
      s === 'contact'
        ? sql`select 'contact' as source, id, kind, full_name as name, email, subject, message, status, created_at as createdAt from contact_messages where ${filters(query, sql`full_name`)}`
        : sql`select 'assistance' as source, id, 'assistance' as kind, contact_name || ' (' || company_name || ')' as name, email, null as subject, message, status, created_at as createdAt from assistance_requests where ${filters(query, sql`(contact_name || ' ' || company_name)`)}`,
    );
    // Raw SQL: one ordered page and one count over the union of two tables of different shapes (computed name).
    const union = sql.join(halves, sql` union all `);
    const { limit, offset } = window(query);
    const [items, totals] = await Promise.all([
      c.var.db.all<InboxRow>(
        sql`select * from (${union}) order by createdAt desc, id limit ${limit} offset ${offset}`,
      ),
      c.var.db.all<{ n: number }>(sql`select count(*) as n from (${union})`),
    ]);
    const rows = items.map((r) => ({
      ...r,
      createdAt: new Date(r.createdAt).toISOString(),
    })) satisfies InboxRowSent[];
    return listResponse(
      c,
      query,
      { items: rows, total: totals[0]?.n ?? 0 },
      {
        filename: 'inbox',
        columns: [
          { key: 'createdAt', header: 'Received' },
          { key: 'kind', header: 'Form' },
          { key: 'name', header: 'Name' },
          { key: 'email', header: 'Email' },
          { key: 'subject', header: 'Subject' },
          { key: 'message', header: 'Message' },
          { key: 'status', header: 'Status' },
        ],
      },
    );
  })
  .get('/:source/:id', validate('param', inboxParam), async (c) => {
    const { source, id } = c.req.valid('param');
    let item = await findItem(c, source, id);
    // Opening an unread message marks it read, as any mail client does.
    if (item.status === 'unread') {
      const table = tables[source];
      await c.var.db
        .update(table)
        .set({ status: 'read', updatedAt: new Date() })
        .where(and(eq(table.id, id), eq(table.status, 'unread')));
      item = { ...item, status: 'read' };
    }
    const replies = await c.var.db
      .select({ after: auditLog.after, createdAt: auditLog.createdAt, staffName: staff.name })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(and(eq(auditLog.action, 'inbox.reply'), eq(auditLog.entity, source), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.createdAt));
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      source,
      item,
      replies: replies.map((r) => ({
        ...(r.after as { subject: string; message: string }),
        createdAt: r.createdAt,
        staffName: r.staffName,
      })),
    } satisfies Wire<InboxDetailResponse>);
  })
  .patch('/:source/:id', validate('param', inboxParam), validate('json', inboxStatusSchema), async (c) => {
    const { source, id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const before = await findItem(c, source, id);
    const table = tables[source];
    await c.var.db.batch([
      c.var.db.update(table).set({ status, updatedAt: new Date() }).where(eq(table.id, id)),
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'inbox.status',
        entity: source,
        entityId: id,
        before: { status: before.status },
        after: { status },
      }),
    ]);
    return c.json({ success: true as const, status } satisfies InboxStatusResponse);
  })
  .post('/:source/:id/reply', validate('param', inboxParam), validate('json', replySchema), async (c) => {
    const { source, id } = c.req.valid('param');
    const { subject, message } = c.req.valid('json');
    const item = await findItem(c, source, id);
    const name = 'fullName' in item ? item.fullName : item.contactName;
    const paragraphs = message
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean);
    await c.var.mailer.send(
      notificationEmail(await getSite(c.var.db), item.email, subject, [`Hello ${name},`, ...paragraphs]),
    );
    const table = tables[source];
    await c.var.db.batch([
      c.var.db.update(table).set({ status: 'handled', updatedAt: new Date() }).where(eq(table.id, id)),
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'inbox.reply',
        entity: source,
        entityId: id,
        before: { status: item.status },
        after: { to: item.email, subject, message },
      }),
    ]);
    return c.json({ success: true, message: `Reply sent to ${item.email}` } satisfies MessageOnly);
  });
