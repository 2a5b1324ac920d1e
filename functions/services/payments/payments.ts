import Stripe from 'stripe';
import type { Db } from '#db/client.ts';
import {
  applyIntentEvent,
  applyRefundStates,
  findPayment,
  findPaymentByIntent,
  isKnownEvent,
  recordOtherEvent,
  type ChargeDetails,
  type PaymentRow,
  type StripeRefundState,
} from '#db/queries/payments.ts';
import { receiptPath, refundStatuses, type PaymentStatus, type RefundStatus } from '#schemas/payment.ts';
import { config } from '../../lib/config.ts';
import type { Mailer } from '../mail/mailer.ts';
import { receiptEmail, refundEmail } from './payment-emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import { signReceiptToken } from './receipt-links.ts';

/** The Stripe settings of this Worker, or null when card payments are not configured. */
export function stripeSettings(env: Env) {
  const settings = config(env).stripe;
  return settings.secretKey ? { ...settings, secretKey: settings.secretKey } : null;
}

/**
 * The Stripe client: the SDK's fetch HTTP client (runs in workerd). Host, port and protocol are
 * only set in tests, where they point at our local Stripe-compatible server; production talks to
 * api.stripe.com. Retries reuse the request's idempotency key, so they never charge or refund twice.
 */
export function createStripe(settings: {
  secretKey: string;
  host?: string | undefined;
  port?: number | undefined;
  protocol?: string | undefined;
}) {
  return new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol === 'http' || settings.protocol === 'https' ? { protocol: settings.protocol } : {}),
  });
}

/** Verifies a webhook's Stripe-Signature with Web Crypto (workerd has no sync HMAC in the SDK's path). */
export function verifyWebhook(stripe: Stripe, payload: string, signature: string, secret: string) {
  return stripe.webhooks.constructEventAsync(
    payload,
    signature,
    secret,
    undefined,
    Stripe.createSubtleCryptoProvider(),
  );
}

/** What each PaymentIntent event means for our row. */
export const statusByEvent: Partial<Record<string, PaymentStatus>> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.processing': 'processing',
  'payment_intent.payment_failed': 'requires_payment_method',
  'payment_intent.canceled': 'canceled',
};

/** The refund events we act on (each carries the refund as Stripe sees it now). */
const refundEvents = new Set(['refund.created', 'refund.updated', 'refund.failed']);

/**
 * Every event type applyWebhookEvent acts on: the ones Stripe's webhook endpoint should send, and
 * the ones a reconcile after a database restore asks Stripe for again (./reconcile.ts).
 */
export const handledEventTypes = [...Object.keys(statusByEvent), 'charge.refunded', ...refundEvents];

/** Stripe could not be asked for what an event needs: answer 503 so Stripe delivers it again later. */
export class StripeUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Stripe could not be reached', { cause });
    this.name = 'StripeUnavailableError';
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The charge behind a paid intent: card brand and last four, Stripe's fee (from the balance transaction). */
export async function fetchChargeDetails(stripe: Stripe, intentId: string): Promise<ChargeDetails | null> {
  try {
    const intent = await stripe.paymentIntents.retrieve(intentId, {
      expand: ['latest_charge.balance_transaction'],
    });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    if (!charge) return null;
    return chargeDetails(charge);
  } catch (error) {
    // The payment is still recorded; the fee and card digits stay unknown until a later event fills them.
    console.error('Stripe: reading the charge failed', error instanceof Error ? error.message : error);
    return null;
  }
}

function chargeDetails(charge: Stripe.Charge): ChargeDetails {
  const txn = typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
  const card = charge.payment_method_details?.card;
  return {
    chargeId: charge.id,
    paymentMethodType: charge.payment_method_details?.type ?? null,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    fee: txn ? txn.fee : null,
    feeCurrency: txn ? txn.currency : null,
  };
}

/** Our view of a Stripe refund, or null if it is not one we can place (no intent). */
export function refundState(refund: Stripe.Refund): StripeRefundState | null {
  const paymentIntentId = idOf(refund.payment_intent);
  if (!paymentIntentId) return null;
  const status = (refundStatuses as readonly string[]).includes(refund.status ?? '')
    ? (refund.status as RefundStatus)
    : 'pending';
  return {
    id: refund.id,
    amount: refund.amount,
    currency: refund.currency,
    status,
    paymentIntentId,
    reason: refund.reason ?? null,
    failureReason: refund.failure_reason ?? null,
    ourId: refund.metadata?.refundId ?? null,
  };
}

/** Builds the payer's receipt links (signed, expiring) on this site. */
export function receiptLinks(env: Env) {
  const { siteUrl, tokenSecret, tokenIssuer } = config(env);
  return async (paymentId: string) =>
    `${siteUrl.replace(/\/$/, '')}${receiptPath(paymentId, await signReceiptToken(tokenSecret, tokenIssuer, paymentId))}`;
}

export interface PaymentDeps {
  db: Db;
  stripe: Stripe;
  mailer: Mailer;
  receiptLink: (paymentId: string) => Promise<string>;
}

/** E-mails the payer about each refund that just succeeded (the transition happens once, so does the e-mail). */
export async function notifyRefunds(
  deps: PaymentDeps,
  paymentId: string,
  moved: { amount: number; status: RefundStatus }[],
) {
  const done = moved.filter((m) => m.status === 'succeeded');
  if (done.length === 0) return;
  const payment = await findPayment(deps.db, paymentId);
  if (!payment) return;
  const link = await deps.receiptLink(payment.id);
  for (const refund of done) {
    try {
      await deps.mailer.send(refundEmail(await getSite(deps.db), payment, refund.amount, link));
    } catch (error) {
      // The refund stands; a failed e-mail is visible in the outbox and must not make Stripe resend the event.
      console.error('Refund e-mail could not be sent', error instanceof Error ? error.message : error);
    }
  }
}

async function sendReceipt(deps: PaymentDeps, payment: PaymentRow, paidAt: Date) {
  try {
    await deps.mailer.send(
      receiptEmail(await getSite(deps.db), payment, paidAt, await deps.receiptLink(payment.id)),
    );
  } catch (error) {
    // The payment is recorded; a failed receipt is visible in the outbox and must not make Stripe resend the event.
    console.error('Payment receipt could not be sent', error instanceof Error ? error.message : error);
  }
}

/**
 * Applies one verified webhook event. Every path is idempotent by event id (a replay is recorded
 * once and changes nothing) and converges whatever the order: PaymentIntent events by time and
 * settled statuses, refund events by each refund's lifecycle rank, and the payment's refund
 * status by recomputing from the refund amounts. Throws StripeUnavailableError when Stripe must
 * be asked and cannot be (the event is not recorded, so Stripe's retry applies it).
 */
export async function applyWebhookEvent(
  deps: PaymentDeps,
  event: Stripe.Event,
): Promise<{ duplicate: boolean }> {
  const { db } = deps;
  if (await isKnownEvent(db, event.id)) return { duplicate: true };

  const status = statusByEvent[event.type];
  const object = event.data.object as { object?: string; id?: string };
  if (status && object.object === 'payment_intent' && typeof object.id === 'string') {
    const payment = await findPaymentByIntent(db, object.id);
    if (!payment) return { duplicate: !(await recordOtherEvent(db, event)) };
    const details =
      status === 'succeeded' && !payment.chargeId ? await fetchChargeDetails(deps.stripe, object.id) : null;
    const { duplicate, changed } = await applyIntentEvent(db, payment, {
      id: event.id,
      type: event.type,
      created: event.created,
      status,
      details,
    });
    if (changed && status === 'succeeded') await sendReceipt(deps, changed, new Date(event.created * 1000));
    return { duplicate };
  }

  if (event.type === 'charge.refunded' && object.object === 'charge') {
    const charge = event.data.object;
    const intentId = idOf(charge.payment_intent);
    const payment = intentId ? await findPaymentByIntent(db, intentId) : undefined;
    if (!payment) return { duplicate: !(await recordOtherEvent(db, event)) };
    // The charge says how much is refunded in all, not by which refunds: ask Stripe for the refunds
    // as they are now, so this event and the refund events converge whatever order they came in.
    let refunds: Stripe.Refund[];
    try {
      refunds = (await deps.stripe.refunds.list({ charge: charge.id, limit: 100 })).data;
    } catch (error) {
      throw new StripeUnavailableError(error);
    }
    const states = refunds
      .map(refundState)
      .filter((s): s is StripeRefundState => s !== null && s.paymentIntentId === payment.intentId);
    const { moved, duplicate } = await applyRefundStates(db, payment.id, states, {
      event,
      source: event.type,
    });
    await notifyRefunds(deps, payment.id, moved);
    return { duplicate };
  }

  if (refundEvents.has(event.type) && object.object === 'refund') {
    const state = refundState(event.data.object as Stripe.Refund);
    const payment = state ? await findPaymentByIntent(db, state.paymentIntentId) : undefined;
    if (!state || !payment) return { duplicate: !(await recordOtherEvent(db, event)) };
    const { moved, duplicate } = await applyRefundStates(db, payment.id, [state], {
      event,
      source: event.type,
    });
    await notifyRefunds(deps, payment.id, moved);
    return { duplicate };
  }

  // Events we do not act on are recorded (and answered 200) so Stripe stops sending them.
  return { duplicate: !(await recordOtherEvent(db, event)) };
}
