import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  enquiryStatusStatements,
  findEnquiry,
  listEnquiryReplies,
  listInbox,
  markEnquiryRead,
} from '#db/queries/enquiries.ts';
import {
  inboxParam,
  inboxStatusSchema,
  inboxStatuses,
  listQuery,
  replySchema,
  type InboxDetailResponse,
  type InboxStatusResponse,
  type InboxRow,
  type InboxSource,
} from '#schemas/admin/index.ts';
import type { MessageResponse, Wire } from '#schemas/responses.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { batch } from '#db/batch.ts';
import { notificationEmail } from '#functions/services/mail/emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import { adminOnly, searchNeedle, listResponse, window } from './shared.ts';

/** A contact message or assistance request, or 404. */
async function findItem(c: { var: { db: AppEnv['Variables']['db'] } }, source: InboxSource, id: string) {
  const row = await findEnquiry(c.var.db, source, id);
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
    if (query.status && !inboxStatuses.some((s) => s === query.status)) {
      throw new HTTPException(400, { message: 'Status must be unread, read or handled' });
    }
    const sources: InboxSource[] =
      query.type === 'contact' || query.type === 'assistance' ? [query.type] : ['contact', 'assistance'];
    const needle = query.q ? searchNeedle(query.q) : undefined;
    const { items, total } = await listInbox(
      c.var.db,
      sources,
      { status: query.status, needle },
      window(query),
    );
    const rows = items.map((r) => ({
      ...r,
      createdAt: new Date(r.createdAt).toISOString(),
    })) satisfies InboxRow[];
    return listResponse(
      c,
      query,
      { items: rows, total },
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
      await markEnquiryRead(c.var.db, source, id, c.var.auth.sub);
      item = { ...item, status: 'read' };
    }
    const replies = await listEnquiryReplies(c.var.db, source, id);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ source, item, replies } satisfies Wire<InboxDetailResponse>);
  })
  .patch('/:source/:id', validate('param', inboxParam), validate('json', inboxStatusSchema), async (c) => {
    const { source, id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const before = await findItem(c, source, id);
    await batch(c.var.db, [
      ...enquiryStatusStatements(c.var.db, source, id, status, c.var.auth.sub),
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
    await batch(c.var.db, [
      ...enquiryStatusStatements(c.var.db, source, id, 'handled', c.var.auth.sub),
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'inbox.reply',
        entity: source,
        entityId: id,
        before: { status: item.status },
        after: { to: item.email, subject, message },
      }),
    ]);
    return c.json({ success: true, message: `Reply sent to ${item.email}` } satisfies MessageResponse);
  });
