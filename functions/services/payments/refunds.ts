import Stripe from 'stripe';
import {
  applyRefundStates,
  findPayment,
  findRefund,
  releaseRefund,
  reserveRefund,
  type RefundRow,
} from '#db/queries/payments.ts';
import { refundableStatuses, type PaymentStatus, type RefundReason } from '#schemas/payment.ts';
import { notifyRefunds, refundState, type PaymentDeps } from './payments.ts';

/** What became of a refund request (the route turns each into an HTTP answer). */
export type RefundOutcome =
  | { kind: 'done'; refundId: string; replayed: boolean }
  | { kind: 'not_found' }
  | { kind: 'other_payment' }
  | { kind: 'not_refundable'; status: PaymentStatus }
  | { kind: 'too_large'; amountLeft: number; currency: string }
  /** Stripe said no: the amount was released. */
  | { kind: 'refused'; refundId: string; message: string }
  /** Stripe did not answer: the amount stays reserved; the same request id asks again. */
  | { kind: 'unreachable'; refundId: string };

export interface RefundInput {
  paymentId: string;
  amount: number;
  reason: RefundReason;
  note: string | null;
  requestId: string;
  staffId: string;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed|SQLITE_CONSTRAINT/.test(
    `${error.message} ${error.cause instanceof Error ? error.cause.message : typeof error.cause === 'string' ? error.cause : ''}`,
  );

/**
 * Refunds all or part of a paid payment. The amount is reserved first (one conditional UPDATE,
 * so parallel requests cannot refund more than was paid), then Stripe is asked with the request
 * id as its idempotency key; a refusal releases the reservation. Retrying the same request id
 * never refunds twice: a finished request answers with what it did, an unanswered one asks
 * Stripe again with the same key.
 */
export async function requestRefund(deps: PaymentDeps, input: RefundInput): Promise<RefundOutcome> {
  const { db } = deps;
  let row = await findRefund(db, input.requestId);
  if (!row) {
    const payment = await findPayment(db, input.paymentId);
    if (!payment) return { kind: 'not_found' };
    let reserved: boolean;
    try {
      reserved = await reserveRefund(db, {
        refundId: input.requestId,
        paymentId: input.paymentId,
        amount: input.amount,
        reason: input.reason,
        note: input.note,
        staffId: input.staffId,
      });
    } catch (error) {
      // The same request id sent twice at once: the other one holds it (and nothing was reserved here).
      if (!isUniqueViolation(error)) throw error;
      reserved = false;
    }
    row = await findRefund(db, input.requestId);
    if (!reserved && !row) {
      const now = await findPayment(db, input.paymentId);
      if (!now) return { kind: 'not_found' };
      if (!(refundableStatuses as readonly string[]).includes(now.status))
        return { kind: 'not_refundable', status: now.status };
      return {
        kind: 'too_large',
        amountLeft: Math.max(0, now.amount - now.refundReserved),
        currency: now.currency,
      };
    }
    if (!row) throw new Error('The refund was reserved but its record is missing');
    if (!reserved)
      return row.paymentId === input.paymentId
        ? { kind: 'done', refundId: row.id, replayed: true }
        : { kind: 'other_payment' };
  } else {
    if (row.paymentId !== input.paymentId) return { kind: 'other_payment' };
    if (row.status !== 'requested') return { kind: 'done', refundId: row.id, replayed: true };
  }
  return askStripe(deps, row);
}

/** Asks Stripe for the refund a reserved row stands for (the same parameters every time, for the idempotency key). */
async function askStripe(deps: PaymentDeps, row: RefundRow): Promise<RefundOutcome> {
  const payment = await findPayment(deps.db, row.paymentId);
  if (!payment) return { kind: 'not_found' };
  const staffId = row.staffId;
  if (!payment.intentId) {
    const message = 'This payment has no Stripe payment to refund.';
    await releaseRefund(deps.db, { refundId: row.id, paymentId: payment.id, message, staffId });
    return { kind: 'refused', refundId: row.id, message };
  }
  let refund: Stripe.Refund;
  try {
    refund = await deps.stripe.refunds.create(
      {
        payment_intent: payment.intentId,
        amount: row.amount,
        ...(row.reason ? { reason: row.reason as RefundReason } : {}),
        metadata: {
          refundId: row.id,
          paymentId: payment.id,
          ...(payment.reference ? { reference: payment.reference } : {}),
          ...(row.note ? { note: row.note } : {}),
        },
      },
      { idempotencyKey: `refund:${row.id}` },
    );
  } catch (error) {
    const unanswered =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      !(error instanceof Stripe.errors.StripeError);
    if (unanswered) {
      console.error(
        'Stripe: creating a refund got no answer',
        error instanceof Error ? error.message : error,
      );
      return { kind: 'unreachable', refundId: row.id };
    }
    const message = error.message || 'Stripe refused the refund.';
    await releaseRefund(deps.db, { refundId: row.id, paymentId: payment.id, message, staffId });
    return { kind: 'refused', refundId: row.id, message };
  }
  const state = refundState(refund);
  if (state) {
    const { moved } = await applyRefundStates(deps.db, payment.id, [{ ...state, ourId: row.id }], {
      source: 'refunds.create',
      staffId: row.staffId,
    });
    await notifyRefunds(deps, payment.id, moved);
  }
  return { kind: 'done', refundId: row.id, replayed: false };
}
