import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { listUndelivered } from '#db/queries/outbox.ts';
import { idParam } from '#schemas/admin/index.ts';
import {
  retryBlockedMessages,
  retryMessages,
  undeliveredQuery,
  type RetryResult,
  type UndeliveredMessage,
  type UndeliveredPage,
} from '#schemas/mail.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { retryNow, RetryRefusedError } from '#functions/services/mail/mail-delivery.ts';
import { CSV_LIMIT, staffOnly, toCsv } from './shared.ts';

const csvColumns: { key: keyof UndeliveredMessage; header: string }[] = [
  { key: 'createdAt', header: 'Written' },
  { key: 'status', header: 'Status' },
  { key: 'to', header: 'To' },
  { key: 'subject', header: 'Subject' },
  { key: 'attempts', header: 'Attempts' },
  { key: 'lastError', header: 'Last error' },
  { key: 'nextAttemptAt', header: 'Next attempt' },
];

const refusedStatus = { 'not-found': 404, busy: 409, 'one-time-code': 409, 'body-removed': 409 } as const;

/**
 * Failed and dead e-mail (the back office's Failed mail page), for any staff member; recipients and
 * subjects (which can name a person) for admins only, who may also search them. JSON pages or a
 * CSV export, like every back-office list. Retry sends a message again at once.
 */
export const adminMail = new Hono<AppEnv>()
  .use(staffOnly)
  .get('/', validate('query', undeliveredQuery), async (c) => {
    const query = c.req.valid('query');
    const admin = c.var.auth.role === 'admin';
    const csv = query.format === 'csv';
    const { items, total } = await listUndelivered(c.var.db, {
      status: query.status,
      search: admin ? query.q : undefined,
      limit: csv ? CSV_LIMIT : query.pageSize,
      offset: csv ? 0 : (query.page - 1) * query.pageSize,
    });
    const page: UndeliveredPage = {
      items: items.map((r): UndeliveredMessage => ({
        id: r.id,
        status: r.status,
        to: admin ? r.to : null,
        subject: admin ? r.subject : null,
        attempts: r.attempts,
        lastError: r.lastError,
        nextAttemptAt: r.status === 'failed' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
        createdAt: r.createdAt.toISOString(),
        retryBlocked: !r.retryable
          ? retryBlockedMessages.oneTimeCode
          : !r.hasBody
            ? retryBlockedMessages.bodyRemoved
            : null,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
      showsRecipients: admin,
    };
    c.header('Cache-Control', 'private, no-store');
    if (csv) {
      return c.body(toCsv(page.items, csvColumns), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="failed-mail-${new Date().toISOString().slice(0, 10)}.csv"`,
      });
    }
    return c.json(page satisfies UndeliveredPage);
  })
  .post('/:id/retry', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    let result;
    try {
      result = await retryNow(c.var.db, c.env, id);
    } catch (error) {
      if (error instanceof RetryRefusedError)
        throw new HTTPException(refusedStatus[error.reason], { message: error.message });
      throw error;
    }
    await auditInsert(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'mail.retry',
      entity: 'outbox',
      entityId: id,
      before: result.before,
      after: { status: result.status },
    });
    return c.json({
      success: true,
      status: result.status,
      message: retryMessages[result.status],
    } satisfies RetryResult);
  });
