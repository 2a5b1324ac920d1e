// Putting Stripe's record back after a D1 restore. Time Travel restores the whole database to a
// bookmark, so every payment row the payment page wrote since, and every webhook event applied
// since, is gone, while Stripe still has the payments, the refunds and the events. This reads
// Stripe's record from a time (the bookmark's, or earlier: nothing is applied twice) and re-applies
// what the database lacks:
//   1. each PaymentIntent of ours created since then (its metadata names our payment id, the payer
//      and the reference, as the payment page created it) gets its row back, as first written;
//   2. each event the webhook acts on, oldest first, goes through the webhook's own handler
//      (applyWebhookEvent): events the database still records are skipped by their id, the rest
//      move the rows exactly as the webhook did, refunds included.
// No e-mail is sent: the payer had the receipt or the refund notice when it first happened, and the
// restore took only our copy of it. Stripe's events API keeps 30 days, as Time Travel does.
import type Stripe from 'stripe';
import type { Db } from '#db/client.ts';
import { findPaymentByIntent, insertPayment } from '#db/queries/payments.ts';
import type { Mailer } from '../mail/mailer.ts';
import { applyWebhookEvent, handledEventTypes } from './payments.ts';

/** What a reconcile did: the payment rows it wrote again and the events it applied, by id. */
export interface ReconcileResult {
  /** Our payment ids whose rows were missing and were written again from their PaymentIntent. */
  restored: string[];
  /** Stripe event ids the database had no record of, now applied. */
  applied: string[];
  /** How many PaymentIntents and events Stripe listed since the time given. */
  listed: { intents: number; events: number };
}

/** Nothing leaves: what a reconcile re-applies was told to the payer when it first happened. */
const silentMailer: Mailer = { send: async () => 'sent' };

/** A PaymentIntent the payment page created (its metadata carries our payment id and the payer). */
function ourPayment(intent: Stripe.PaymentIntent) {
  const { paymentId, name, email, reference } = intent.metadata ?? {};
  if (!paymentId || !name || !email) return null;
  return {
    id: paymentId,
    intentId: intent.id,
    amount: intent.amount,
    currency: intent.currency,
    payerName: name,
    payerEmail: email,
    reference: reference || null,
    createdAt: new Date(intent.created * 1000),
  };
}

/**
 * Re-applies Stripe's record since `since` to the database: missing payment rows first (so their
 * events find them), then every handled event the database has no record of, oldest first.
 * Idempotent: a second run, or one from an earlier time, changes nothing more.
 */
export async function reconcilePayments(
  deps: { db: Db; stripe: Stripe },
  since: Date,
): Promise<ReconcileResult> {
  const { db, stripe } = deps;
  const created = { gte: Math.floor(since.getTime() / 1000) };
  const result: ReconcileResult = { restored: [], applied: [], listed: { intents: 0, events: 0 } };

  for await (const intent of stripe.paymentIntents.list({ created, limit: 100 })) {
    result.listed.intents++;
    const payment = ourPayment(intent);
    if (!payment || (await findPaymentByIntent(db, intent.id))) continue;
    const stored = await insertPayment(db, payment);
    if (stored?.intentId === intent.id) result.restored.push(payment.id);
  }

  // Stripe lists newest first; the webhook saw them oldest first.
  const events: Stripe.Event[] = [];
  for await (const event of stripe.events.list({ created, types: handledEventTypes, limit: 100 }))
    events.push(event);
  result.listed.events = events.length;
  const handlerDeps = { db, stripe, mailer: silentMailer, receiptLink: async () => '' };
  for (const event of events.reverse()) {
    const { duplicate } = await applyWebhookEvent(handlerDeps, event);
    if (!duplicate) result.applied.push(event.id);
  }
  return result;
}
