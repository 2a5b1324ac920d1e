import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { and, count, desc, eq, or } from 'drizzle-orm';
import type { AppEnv } from '../../lib/app-env.ts';
import { validate } from '../../lib/validate.ts';
import { paymentStatuses, payments } from '../../../db/schema/index.ts';
import { listQuery } from '../../../schemas/admin.ts';
import { adminOnly, contains, searchNeedle, listResponse, window } from './shared.ts';

const columns = {
  id: payments.id, intentId: payments.intentId, amount: payments.amount, currency: payments.currency,
  payerName: payments.payerName, payerEmail: payments.payerEmail, status: payments.status, createdAt: payments.createdAt,
};

/** Payments: the list with status, amount, payer and date (read-only: Stripe's webhook owns the status). */
export const adminPayments = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    if (query.status && !(paymentStatuses as readonly string[]).includes(query.status)) {
      throw new HTTPException(400, { message: `Status must be one of: ${paymentStatuses.join(', ')}` });
    }
    const p = query.q ? searchNeedle(query.q) : undefined;
    const where = and(
      query.status ? eq(payments.status, query.status as never) : undefined,
      p ? or(contains(payments.payerName, p), contains(payments.payerEmail, p), contains(payments.intentId, p)) : undefined,
    );
    const { limit, offset } = window(query);
    const [items, [total]] = await Promise.all([
      c.var.db.select(columns).from(payments).where(where).orderBy(desc(payments.createdAt)).limit(limit).offset(offset),
      c.var.db.select({ n: count() }).from(payments).where(where),
    ]);
    const rows = items.map((r) => ({ ...r, amountFormatted: `${(r.amount / 100).toFixed(2)} ${r.currency.toUpperCase()}` }));
    return listResponse(c, query, { items: rows, total: total?.n ?? 0 }, {
      filename: 'payments',
      columns: [
        { key: 'createdAt', header: 'Date' }, { key: 'payerName', header: 'Payer' }, { key: 'payerEmail', header: 'Email' },
        { key: 'amountFormatted', header: 'Amount' }, { key: 'status', header: 'Status' }, { key: 'intentId', header: 'Stripe payment' },
      ],
    });
  });
