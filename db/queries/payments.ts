/**
 * Payments and their refunds: every read and write the payment routes, the webhook and the back
 * office make. Amounts are integer minor units of the row's own currency.
 *
 * The writes that must hold under parallel requests and out-of-order webhooks are raw SQL in one
 * D1 batch (one transaction): Drizzle cannot express an INSERT … SELECT … WHERE changes() > 0 (a
 * row written only if the statement before it changed one) nor the status ranks below.
 */
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { payments, paymentRefunds, staff, stripeEvents } from '../schema/index.ts';
import { contains } from './text-search.ts';
import {
  activeRefundStatuses,
  refundableStatuses,
  settledStatuses,
  type AdminPaymentDetail,
  type PaymentStatus,
  type RefundStatus,
  type RefundView,
} from '#schemas/payment.ts';
import { pageOf } from './page.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A refund's place in Stripe's lifecycle: requested → (refused) → pending → succeeded → failed.
 * A refund only ever moves to a higher rank, so an old snapshot arriving late changes nothing,
 * while a refund that fails after succeeding (a closed card account) still moves.
 */
const rank = (expr: string) =>
  `(case ${expr} when 'requested' then 0 when 'refused' then 1 when 'pending' then 2 when 'requires_action' then 2 when 'succeeded' then 3 else 4 end)`;

/** Recomputes a payment's refund totals and status from its refund rows (idempotent, order-free). */
function recompute(d1: D1Database, paymentId: string, now: number) {
  const refunded = `(select coalesce(sum(r.amount), 0) from payment_refunds r where r.payment_id = payments.id and r.status = 'succeeded')`;
  return d1
    .prepare(
      `update payments set
        refund_reserved = (select coalesce(sum(r.amount), 0) from payment_refunds r where r.payment_id = payments.id and r.status in (${list(activeRefundStatuses)})),
        amount_refunded = ${refunded},
        status = case when status in (${list(['succeeded', 'partially_refunded', 'refunded'])}) then
          case when ${refunded} >= amount then 'refunded' when ${refunded} > 0 then 'partially_refunded' else 'succeeded' end
          else status end,
        updated_at = ?
      where id = ?
      returning status, amount_refunded, refund_reserved`,
    )
    .bind(now, paymentId);
}

/** Writes a system audit entry for the payment's status change, if the status is no longer `before`. */
function auditStatusChange(
  d1: D1Database,
  paymentId: string,
  before: { status: string; amountRefunded: number },
  cause: string,
  now: number,
) {
  return d1
    .prepare(
      `insert into audit_log (id, staff_id, action, entity, entity_id, before, after, created_at, updated_at)
       select ?, null, 'payment.status', 'payment', id, ?, json_object('status', status, 'amountRefunded', amount_refunded, 'cause', ?), ?, ?
       from payments where id = ? and status <> ?`,
    )
    .bind(crypto.randomUUID(), JSON.stringify(before), cause, now, now, paymentId, before.status);
}

// ---------------------------------------------------------------------------------------------
// The payment page.
// ---------------------------------------------------------------------------------------------

/** Stores a new payment attempt once per intent (a replayed attempt finds its row). */
export async function insertPayment(
  db: Db,
  row: {
    id: string;
    intentId: string;
    amount: number;
    currency: string;
    payerName: string;
    payerEmail: string;
    reference: string | null;
    /** When the payer started it; now unless a reconcile writes the row again from Stripe's record. */
    createdAt?: Date;
  },
) {
  await db
    .insert(payments)
    .values({ ...row, status: 'requires_payment_method' })
    .onConflictDoNothing();
  const [stored] = await db.select().from(payments).where(eq(payments.id, row.id));
  return stored;
}

export async function findPayment(db: Db, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findPaymentByIntent(db: Db, intentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.intentId, intentId));
  return row;
}

/** The refunds a payer sees on the receipt: the ones Stripe confirmed, oldest first. */
export function succeededRefunds(db: Db, paymentId: string) {
  return db
    .select({
      amount: paymentRefunds.amount,
      createdAt: paymentRefunds.createdAt,
      updatedAt: paymentRefunds.updatedAt,
    })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'succeeded')))
    .orderBy(paymentRefunds.createdAt);
}

// ---------------------------------------------------------------------------------------------
// Webhook events.
// ---------------------------------------------------------------------------------------------

export const isKnownEvent = async (db: Db, eventId: string) =>
  (await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId))).length >
  0;

const recordEvent = (d1: D1Database, event: { id: string; type: string }, now: number) =>
  d1
    .prepare(
      'insert into stripe_events (id, type, created_at, updated_at) values (?, ?, ?, ?) on conflict do nothing returning id',
    )
    .bind(event.id, event.type, now, now);

/** Records an event that changes nothing (another type, or an unknown payment). Returns whether it was new. */
export async function recordOtherEvent(db: Db, event: { id: string; type: string }) {
  const [result] = await db.$client.batch([recordEvent(db.$client, event, Date.now())]);
  return (result?.results.length ?? 0) > 0;
}

/** What Stripe says about the charge behind a paid intent (fetched when it succeeds). */
export interface ChargeDetails {
  chargeId: string | null;
  paymentMethodType: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  fee: number | null;
  feeCurrency: string | null;
}

/**
 * Applies a PaymentIntent event, in one transaction with its record. The status moves only when
 * the event is new, the row is not settled and the event is not older than the last one applied
 * (Stripe does not guarantee order); charge details fill in what is still unknown; the refund totals
 * are recomputed (a refund event may have come first). Returns the row when its status moved.
 */
export async function applyIntentEvent(
  db: Db,
  payment: { id: string },
  event: { id: string; type: string; created: number; status: PaymentStatus; details?: ChargeDetails | null },
) {
  const d1 = db.$client;
  const now = Date.now();
  const d = event.details;
  const statements = [
    // First, so its "event not seen yet" condition sees the table before the record below.
    d1
      .prepare(
        `update payments set status = ?, last_event_at = ?, updated_at = ?
         where id = ? and status not in (${list(settledStatuses)}) and (last_event_at is null or last_event_at <= ?)
           and not exists (select 1 from stripe_events where id = ?)
         returning *`,
      )
      .bind(event.status, event.created, now, payment.id, event.created, event.id),
    d1
      .prepare(
        `update payments set paid_at = coalesce(paid_at, ?), charge_id = coalesce(charge_id, ?), payment_method_type = coalesce(payment_method_type, ?),
           card_brand = coalesce(card_brand, ?), card_last4 = coalesce(card_last4, ?), fee = coalesce(fee, ?), fee_currency = coalesce(fee_currency, ?)
         where id = ?`,
      )
      .bind(
        event.status === 'succeeded' ? event.created * 1000 : null,
        d?.chargeId ?? null,
        d?.paymentMethodType ?? null,
        d?.cardBrand ?? null,
        d?.cardLast4 ?? null,
        d?.fee ?? null,
        d?.feeCurrency ?? null,
        payment.id,
      ),
    recompute(d1, payment.id, now),
    recordEvent(d1, event, now),
  ];
  const [changed, , , recorded] = await d1.batch<Record<string, unknown>>(statements);
  const row = changed?.results[0] ? await findPayment(db, payment.id) : null;
  return { duplicate: (recorded?.results.length ?? 0) === 0, changed: row ?? null };
}

/** A refund as Stripe describes it (the Refunds API object, or the event's data.object). */
export interface StripeRefundState {
  id: string;
  amount: number;
  currency: string;
  status: RefundStatus;
  paymentIntentId: string;
  reason: string | null;
  failureReason: string | null;
  /** Our refund row id, from the refund's metadata when it was made in the back office. */
  ourId: string | null;
}

/**
 * Brings our record of Stripe refunds up to what Stripe says, in one transaction (with the event
 * record, when an event carried them): links a refund to the row reserved for it, adds a row for a
 * refund made elsewhere (Stripe's dashboard), moves each refund forward in its lifecycle only, and
 * recomputes the payment's totals and status from the rows. Any order of delivery and any replay
 * end in the same state. Returns the refunds whose status moved (to e-mail and audit once).
 */
export async function applyRefundStates(
  db: Db,
  paymentId: string,
  refunds: StripeRefundState[],
  options: { event?: { id: string; type: string }; source: string; staffId?: string | null },
) {
  const d1 = db.$client;
  const now = Date.now();
  const [before] = await db
    .select({ status: payments.status, amountRefunded: payments.amountRefunded })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!before) return { moved: [], duplicate: false };
  const statements: D1PreparedStatement[] = [];
  const transitions: number[] = [];
  for (const r of refunds) {
    if (r.ourId) {
      statements.push(
        d1
          .prepare(
            'update payment_refunds set refund_id = ? where id = ? and payment_id = ? and refund_id is null',
          )
          .bind(r.id, r.ourId, paymentId),
      );
    }
    // A refund the back office made whose row is gone (the database was restored to a time before
    // it) comes back under its own id; any other is one made in Stripe's dashboard.
    statements.push(
      d1
        .prepare(
          `insert or ignore into payment_refunds (id, payment_id, refund_id, amount, currency, status, reason, note, created_at, updated_at)
           select coalesce((select ? where not exists (select 1 from payment_refunds where id = ?)), ?), ?, ?, ?, ?, 'requested', ?,
             case when ? is null then 'Refunded outside the back office (Stripe Dashboard)' else 'Made in the back office; written again from Stripe after a database restore' end, ?, ?
           where not exists (select 1 from payment_refunds where refund_id = ?)`,
        )
        .bind(
          r.ourId,
          r.ourId,
          crypto.randomUUID(),
          paymentId,
          r.id,
          r.amount,
          r.currency,
          r.reason,
          r.ourId,
          now,
          now,
          r.id,
        ),
    );
    transitions.push(statements.length);
    statements.push(
      d1
        .prepare(
          `update payment_refunds set status = ?, failure_reason = coalesce(?, failure_reason), updated_at = ?
           where refund_id = ? and payment_id = ? and ${rank('status')} < ${rank('?')}
           returning id, refund_id as refundId, amount, currency, status, staff_id as staffId`,
        )
        .bind(r.status, r.failureReason, now, r.id, paymentId, r.status),
    );
    // The audit entry exists only if the status really moved (changes() of the update above).
    statements.push(
      d1
        .prepare(
          `insert into audit_log (id, staff_id, action, entity, entity_id, before, after, created_at, updated_at)
           select ?, ?, 'payment.refund.' || ?, 'payment', ?, null, json_object('refundId', ?, 'amount', ?, 'status', ?, 'source', ?), ?, ?
           where changes() > 0`,
        )
        .bind(
          crypto.randomUUID(),
          options.staffId ?? null,
          r.status,
          paymentId,
          r.id,
          r.amount,
          r.status,
          options.source,
          now,
          now,
        ),
    );
  }
  statements.push(recompute(d1, paymentId, now));
  statements.push(auditStatusChange(d1, paymentId, before, options.source, now));
  const eventIndex = options.event ? statements.push(recordEvent(d1, options.event, now)) - 1 : -1;
  const results = await d1.batch<{
    id: string;
    refundId: string;
    amount: number;
    currency: string;
    status: RefundStatus;
    staffId: string | null;
  }>(statements);
  const moved = transitions.flatMap((i) => results[i]?.results ?? []);
  return { moved, duplicate: eventIndex >= 0 && (results[eventIndex]?.results.length ?? 0) === 0 };
}

// ---------------------------------------------------------------------------------------------
// Refunds from the back office.
// ---------------------------------------------------------------------------------------------

export async function findRefund(db: Db, id: string) {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  return row;
}

/**
 * Reserves a refund against its payment and records the request, in one transaction: the
 * reservation is one conditional UPDATE (paid, and what is reserved plus this stays within the
 * amount), and the refund row and the audit entry exist only if it succeeded. Two requests at once
 * can never reserve more than the payment. Returns whether the amount was reserved.
 */
export async function reserveRefund(
  db: Db,
  input: {
    refundId: string;
    paymentId: string;
    amount: number;
    reason: string;
    note: string | null;
    staffId: string;
  },
) {
  const d1 = db.$client;
  const now = Date.now();
  const { refundId, paymentId, amount, reason, note, staffId } = input;
  const [reserved] = await d1.batch([
    d1
      .prepare(
        `update payments set refund_reserved = refund_reserved + ?, updated_at = ?
         where id = ? and status in (${list(refundableStatuses)}) and refund_reserved + ? <= amount`,
      )
      .bind(amount, now, paymentId, amount),
    d1
      .prepare(
        `insert into payment_refunds (id, payment_id, amount, currency, status, reason, note, staff_id, created_at, updated_at)
         select ?, id, ?, currency, 'requested', ?, ?, ?, ?, ? from payments where id = ? and changes() > 0`,
      )
      .bind(refundId, amount, reason, note, staffId, now, now, paymentId),
    d1
      .prepare(
        `insert into audit_log (id, staff_id, action, entity, entity_id, before, after, created_at, updated_at)
         select ?, ?, 'payment.refund.requested', 'payment', ?, null, json_object('refundRequestId', ?, 'amount', ?, 'reason', ?, 'note', ?), ?, ?
         where changes() > 0`,
      )
      .bind(crypto.randomUUID(), staffId, paymentId, refundId, amount, reason, note, now, now),
  ]);
  return (reserved?.meta.changes ?? 0) > 0;
}

/**
 * Stripe refused the refund: the row becomes `refused` and its amount is released (only once,
 * only from `requested`), with an audit entry, in one transaction.
 */
export async function releaseRefund(
  db: Db,
  input: { refundId: string; paymentId: string; message: string; staffId: string | null },
) {
  const d1 = db.$client;
  const now = Date.now();
  await d1.batch([
    d1
      .prepare(
        `update payment_refunds set status = 'refused', failure_reason = ?, updated_at = ? where id = ? and status = 'requested'`,
      )
      .bind(input.message.slice(0, 500), now, input.refundId),
    d1
      .prepare(
        `insert into audit_log (id, staff_id, action, entity, entity_id, before, after, created_at, updated_at)
         select ?, ?, 'payment.refund.refused', 'payment', ?, null, json_object('refundRequestId', ?, 'message', ?), ?, ? where changes() > 0`,
      )
      .bind(
        crypto.randomUUID(),
        input.staffId,
        input.paymentId,
        input.refundId,
        input.message.slice(0, 500),
        now,
        now,
      ),
    recompute(d1, input.paymentId, now),
  ]);
}

// ---------------------------------------------------------------------------------------------
// The back office.
// ---------------------------------------------------------------------------------------------

/** The list's filter: a status and a search over payer, e-mail, reference and Stripe ids. */
export function paymentFilter(query: { status?: PaymentStatus | undefined; needle?: string | undefined }) {
  const n = query.needle;
  return and(
    query.status ? eq(payments.status, query.status) : undefined,
    n
      ? or(
          contains(payments.payerName, n),
          contains(payments.payerEmail, n),
          contains(payments.reference, n),
          contains(payments.intentId, n),
          contains(payments.chargeId, n),
        )
      : undefined,
  );
}

const listColumns = {
  id: payments.id,
  intentId: payments.intentId,
  chargeId: payments.chargeId,
  amount: payments.amount,
  currency: payments.currency,
  amountRefunded: payments.amountRefunded,
  fee: payments.fee,
  feeCurrency: payments.feeCurrency,
  reference: payments.reference,
  payerName: payments.payerName,
  payerEmail: payments.payerEmail,
  status: payments.status,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  cardBrand: payments.cardBrand,
  cardLast4: payments.cardLast4,
};

export async function listPayments(
  db: Db,
  where: SQL | undefined,
  window: { limit: number; offset: number },
) {
  return pageOf(
    db
      .select(listColumns)
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(payments).where(where),
  );
}

export async function paymentRefundViews(db: Db, paymentId: string): Promise<RefundView[]> {
  const rows = await db
    .select({
      id: paymentRefunds.id,
      refundId: paymentRefunds.refundId,
      amount: paymentRefunds.amount,
      currency: paymentRefunds.currency,
      status: paymentRefunds.status,
      reason: paymentRefunds.reason,
      note: paymentRefunds.note,
      failureReason: paymentRefunds.failureReason,
      staffName: staff.name,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .leftJoin(staff, eq(staff.id, paymentRefunds.staffId))
    .where(eq(paymentRefunds.paymentId, paymentId))
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One payment as the back office shows it, with what may still be refunded. */
export async function adminPaymentDetail(db: Db, id: string): Promise<AdminPaymentDetail | null> {
  const row = await findPayment(db, id);
  if (!row) return null;
  const refunds = await paymentRefundViews(db, id);
  const refundable = (refundableStatuses as readonly string[]).includes(row.status)
    ? Math.max(0, row.amount - row.refundReserved)
    : 0;
  return {
    id: row.id,
    intentId: row.intentId,
    chargeId: row.chargeId,
    amount: row.amount,
    currency: row.currency,
    amountRefunded: row.amountRefunded,
    refundable,
    status: row.status,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    reference: row.reference,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    fee: row.fee,
    feeCurrency: row.feeCurrency,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refunds,
  };
}
