import Stripe from 'stripe';
import { and, eq, isNull, lte, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, stripeEvents, type paymentStatuses } from '../../db/schema/index.ts';
import { config } from '../lib/config.ts';

export type PaymentStatus = (typeof paymentStatuses)[number];

/** The Stripe settings of this Worker, or null when card payments are not configured. */
export function stripeSettings(env: Env) {
  const settings = config(env).stripe;
  return settings.secretKey ? { ...settings, secretKey: settings.secretKey } : null;
}

/**
 * The Stripe client: the SDK's fetch HTTP client (runs in workerd). Host, port and protocol are
 * only set in tests, where they point at our local Stripe-compatible server; production talks to
 * api.stripe.com. Retries reuse the request's idempotency key, so they never charge twice.
 */
export function createStripe(settings: { secretKey: string; host?: string | undefined; port?: number | undefined; protocol?: string | undefined }) {
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
  return stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
}

/** What each PaymentIntent event means for our row; other events are recorded and change nothing. */
export const statusByEvent: Partial<Record<string, PaymentStatus>> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.processing': 'processing',
  'payment_intent.payment_failed': 'requires_payment_method',
  'payment_intent.canceled': 'canceled',
};

/** Statuses a payment never leaves (Stripe never moves an intent out of them either). */
const finalStatuses: PaymentStatus[] = ['succeeded', 'canceled'];

/**
 * Records a webhook event once and applies it to the payment row, in one transaction. The row
 * moves only when the event is new, the row is not final and the event is not older than the last
 * one applied (Stripe does not guarantee delivery order). Returns the row when it changed.
 */
export async function applyPaymentEvent(db: Db, event: { id: string; type: string; created: number; intentId: string | null }) {
  const status = statusByEvent[event.type];
  const recordEvent = db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  if (!status || !event.intentId) {
    const [recorded] = await recordEvent;
    return { duplicate: !recorded, changed: null };
  }
  // The update runs first so that its "event not seen yet" condition sees the table before the insert.
  const update = db
    .update(payments)
    .set({ status, lastEventAt: event.created })
    .where(
      and(
        eq(payments.intentId, event.intentId),
        notInArray(payments.status, finalStatuses),
        or(isNull(payments.lastEventAt), lte(payments.lastEventAt, event.created)),
        notExists(db.select({ one: sql`1` }).from(stripeEvents).where(eq(stripeEvents.id, event.id))),
      ),
    )
    .returning();
  const [changed, recorded] = await db.batch([update, recordEvent]);
  return { duplicate: recorded.length === 0, changed: changed[0] ?? null };
}

/** "$10.00" for 1000 minor units of USD (and the same for other two-decimal currencies). */
export function formatAmount(amount: number, currency: string) {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}
