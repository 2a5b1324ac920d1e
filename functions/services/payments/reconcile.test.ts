// After D1 is restored to a Time Travel bookmark, the payments and refunds Stripe's webhook wrote
// since are gone from the database but not from Stripe: reconcilePayments reads Stripe's own record
// since a time and puts back what the database lacks, through the webhook's handlers, once.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createDb } from '#db/client.ts';
import { outbox, paymentRefunds, payments, stripeEvents } from '#db/schema/index.ts';
import { eventsFor, fakeStripe, paidPayment } from '#functions/test/stripe.ts';
import { createStripe, stripeSettings } from './payments.ts';
import { reconcilePayments } from './reconcile.ts';

// Each test pays (and refunds) through the fake Stripe API: seconds, more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const db = createDb(env.DB);
const stripe = createStripe(stripeSettings(env)!);
const row = async (paymentId: string) =>
  (await db.select().from(payments).where(eq(payments.id, paymentId)))[0];
const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email));
/** A second before now, as Stripe counts time (whole seconds). */
const aMomentAgo = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);

/** What a restore to a bookmark taken before the payment does to our rows about it. */
async function forgetPayment(paymentId: string, intentId: string) {
  const ids = (await eventsFor(intentId)).map((e) => e.id);
  await db.delete(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
  await db.delete(payments).where(eq(payments.id, paymentId));
  await db.delete(stripeEvents).where(inArray(stripeEvents.id, ids));
}

describe('reconcilePayments: Stripe’s record put back after a restore', () => {
  it('brings back a payment made after the bookmark, paid, with its card, and sends no second receipt', async () => {
    const since = aMomentAgo();
    const paid = await paidPayment({ reference: 'INV-2041' });
    const before = (await row(paid.paymentId))!;
    expect(before.status).toBe('succeeded');
    expect(await mailsTo(paid.email)).toHaveLength(1); // the receipt, sent when it was paid
    await forgetPayment(paid.paymentId, paid.intentId);
    await db.delete(outbox).where(eq(outbox.to, paid.email)); // the restore takes the outbox row too
    expect(await row(paid.paymentId)).toBeUndefined();

    const result = await reconcilePayments({ db, stripe }, since);
    expect(result.restored).toContain(paid.paymentId);
    const back = (await row(paid.paymentId))!;
    expect(back).toMatchObject({
      intentId: paid.intentId,
      status: 'succeeded',
      amount: before.amount,
      currency: before.currency,
      payerName: before.payerName,
      payerEmail: before.payerEmail,
      reference: 'INV-2041',
      cardLast4: '4242',
      fee: before.fee,
      chargeId: before.chargeId,
    });
    expect(back.paidAt?.getTime()).toBe(before.paidAt?.getTime());
    // When the payer paid, not when the database was mended.
    expect(Math.abs(back.createdAt.getTime() - before.createdAt.getTime())).toBeLessThan(1500);
    // The payer was e-mailed once, when they paid: putting the row back tells them nothing new.
    expect(await mailsTo(paid.email)).toHaveLength(0);

    // Idempotent: the next run finds everything in place.
    const again = await reconcilePayments({ db, stripe }, since);
    expect(again.restored).not.toContain(paid.paymentId);
    const ours = new Set((await eventsFor(paid.intentId)).map((e) => e.id));
    expect(again.applied.filter((id) => ours.has(id))).toEqual([]);
    expect(await row(paid.paymentId)).toEqual(back);
  });

  it('brings back a refund made after the bookmark on a payment made before it', async () => {
    const paid = await paidPayment();
    const paidRow = (await row(paid.paymentId))!;
    const paidEvents = new Set((await eventsFor(paid.intentId)).map((e) => e.id));
    const since = aMomentAgo();
    const refundId = crypto.randomUUID();
    await fakeStripe.refunds.create({
      payment_intent: paid.intentId,
      amount: 300,
      metadata: { refundId, paymentId: paid.paymentId },
    });
    // Nothing delivered: as if the webhook had written it and the restore had taken it away again.
    const refundEvents = (await eventsFor(paid.intentId)).filter((e) => !paidEvents.has(e.id));
    expect(refundEvents.length).toBeGreaterThan(0);
    expect((await row(paid.paymentId))!.status).toBe('succeeded');

    const result = await reconcilePayments({ db, stripe }, since);
    expect(result.restored).not.toContain(paid.paymentId); // its row was there
    expect(result.applied).toEqual(expect.arrayContaining(refundEvents.map((e) => e.id)));
    expect(await row(paid.paymentId)).toMatchObject({
      status: 'partially_refunded',
      amountRefunded: 300,
      paidAt: paidRow.paidAt,
    });
    const refunds = await db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paid.paymentId));
    // The back office's own refund, under the id it had, not taken for one made in Stripe's dashboard.
    expect(refunds).toEqual([expect.objectContaining({ id: refundId, amount: 300, status: 'succeeded' })]);
    expect(refunds[0]!.note).not.toMatch(/outside the back office/);
    // No refund e-mail now: the payer had it when the refund was made.
    expect((await mailsTo(paid.email)).filter((m) => m.subject.startsWith('Your refund'))).toEqual([]);
  });

  it('reads only what Stripe recorded since the time given, and leaves other accounts’ payments alone', async () => {
    const since = aMomentAgo();
    const paid = await paidPayment();
    await forgetPayment(paid.paymentId, paid.intentId);
    // A payment made at Stripe by something else (no payment id of ours in its metadata).
    const foreign = await fakeStripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
    const later = new Date(Date.now() + 5000);
    expect((await reconcilePayments({ db, stripe }, later)).restored).toEqual([]);
    expect(await row(paid.paymentId)).toBeUndefined();
    const now = await reconcilePayments({ db, stripe }, since);
    expect(now.restored).toContain(paid.paymentId);
    expect(await db.select().from(payments).where(eq(payments.intentId, foreign.id))).toEqual([]);
  });
});
