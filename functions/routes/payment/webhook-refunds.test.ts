// Every webhook path, driven by the events the fake Stripe API really produced (payments confirmed
// and refunded there), delivered in order, out of order, replayed and duplicated.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { app } from '#functions/index.ts';
import { createDb } from '#db/client.ts';
import { auditLog, outbox, paymentRefunds, payments, stripeEvents } from '#db/schema/index.ts';
import { cardFee } from '#functions/test/stripe-fake/server.ts';
import {
  createIntent,
  deliver,
  eventsFor,
  fakeStripe,
  intentIdOf,
  paidPayment,
  paymentBody,
  signWith,
  stripeConfig,
} from '#functions/test/stripe.ts';

// Each test pays (and refunds) for real through the fake Stripe API, several times: seconds, more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const db = createDb(env.DB);

const row = async (paymentId: string) =>
  (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
const refundRows = (paymentId: string) =>
  db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const mailTo = (email: string, subject?: string) =>
  db
    .select()
    .from(outbox)
    .where(subject ? and(eq(outbox.to, email), eq(outbox.subject, subject)) : eq(outbox.to, email));
const refundMails = (email: string) =>
  mailTo(email).then((rows) => rows.filter((m) => m.subject.startsWith('Your refund')));

/** The events Stripe sent about a refund (and its charge) after `after`, oldest first. */
async function refundEvents(intentId: string, afterIds: Set<string>) {
  return (await eventsFor(intentId)).filter(
    (e) => !afterIds.has(e.id) && (e.type.startsWith('refund.') || e.type === 'charge.refunded'),
  );
}

/** Refunds at Stripe as its dashboard would (no metadata of ours), and returns the events it caused. */
async function refundAtStripe(intentId: string, amount?: number) {
  const before = new Set((await eventsFor(intentId)).map((e) => e.id));
  const refund = await fakeStripe.refunds.create({ payment_intent: intentId, ...(amount ? { amount } : {}) });
  return { refund, events: await refundEvents(intentId, before) };
}

const byType = (events: Stripe.Event[], type: string) => events.filter((e) => e.type === type);

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('payment_intent events from the fake Stripe API', () => {
  it('payment_intent.succeeded: paid, with the card digits and Stripe fee read from the charge and its balance transaction, and one receipt', async () => {
    const paid = await paidPayment({ reference: 'STU-12345' });
    const payment = await row(paid.paymentId);
    expect(payment).toMatchObject({
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
      paymentMethodType: 'card',
      fee: cardFee(1000),
      feeCurrency: 'usd',
      amountRefunded: 0,
    });
    expect(payment.fee).toBe(59);
    expect(payment.chargeId).toMatch(/^ch_/);
    expect(payment.paidAt).toBeInstanceOf(Date);
    const receipts = await mailTo(paid.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your payment receipt: $10.00');
    expect(receipts[0]!.text).toContain('Your reference: STU-12345');
    expect(receipts[0]!.text).toContain('Paid with: Visa ending 4242');

    // The same events again (Stripe retries): nothing moves, nothing is sent twice.
    for (const event of await eventsFor(paid.intentId))
      expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await mailTo(paid.email)).toHaveLength(1);
  });

  it('payment_intent.payment_failed: the attempt is recorded as not completed, without a receipt', async () => {
    const body = paymentBody();
    const created = await (await createIntent(body)).json<{ clientSecret: string; paymentId: string }>();
    const intentId = intentIdOf(created.clientSecret);
    await fakeStripe.paymentIntents
      .confirm(intentId, { payment_method: 'pm_card_chargeDeclined' })
      .catch(() => undefined);
    const [failed] = await eventsFor(intentId, 'payment_intent.payment_failed');
    expect((await deliver(failed!)).status).toBe(200);
    expect(await row(created.paymentId)).toMatchObject({
      status: 'requires_payment_method',
      lastEventAt: failed!.created,
    });
    expect(await mailTo(body.email)).toHaveLength(0);
  });

  it('a refund event that arrives before payment_intent.succeeded still ends refunded', async () => {
    const paid = await paidPayment({ deliverEvents: false });
    const { events } = await refundAtStripe(paid.intentId);
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    // Not paid yet as far as we know: the refund is recorded, the status waits.
    expect((await row(paid.paymentId)).status).toBe('requires_payment_method');
    for (const event of await eventsFor(paid.intentId)) await deliver(event);
    expect(await row(paid.paymentId)).toMatchObject({
      status: 'refunded',
      amountRefunded: 1000,
      refundReserved: 1000,
    });
  });
});

describe('refund events from the fake Stripe API', () => {
  it('charge.refunded alone (the refund events not delivered yet) asks Stripe for the refunds and moves the payment to partially refunded', async () => {
    const paid = await paidPayment();
    const { refund, events } = await refundAtStripe(paid.intentId, 400);
    const [chargeRefunded] = byType(events, 'charge.refunded');
    expect(await (await deliver(chargeRefunded!)).json()).toEqual({ received: true, duplicate: false });

    expect(await row(paid.paymentId)).toMatchObject({
      status: 'partially_refunded',
      amountRefunded: 400,
      refundReserved: 400,
    });
    const [stored] = await refundRows(paid.paymentId);
    expect(stored).toMatchObject({
      refundId: refund.id,
      amount: 400,
      currency: 'usd',
      status: 'succeeded',
      staffId: null,
      note: 'Refunded outside the back office (Stripe Dashboard)',
    });
    const mails = await refundMails(paid.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your refund: $4.00');
    expect(mails[0]!.text).toContain('we have refunded $4.00 of your $10.00 payment');
    expect(mails[0]!.text).toContain('Refunded so far: $4.00 of $10.00.');

    // The refund events arrive afterwards: already known, nothing changes, no second e-mail.
    for (const event of [...byType(events, 'refund.created'), ...byType(events, 'refund.updated')])
      expect((await deliver(event)).status).toBe(200);
    expect(await row(paid.paymentId)).toMatchObject({ status: 'partially_refunded', amountRefunded: 400 });
    expect(await refundRows(paid.paymentId)).toHaveLength(1);
    expect(await refundMails(paid.email)).toHaveLength(1);
  });

  it('refund.updated before refund.created and charge.refunded, with duplicates: partially refunded once, then refunded by a second refund', async () => {
    const paid = await paidPayment();
    const first = await refundAtStripe(paid.intentId, 400);
    const [updated] = byType(first.events, 'refund.updated');
    expect(updated!.data.object).toMatchObject({ status: 'succeeded' });
    // Newest first, each twice.
    for (const event of [...first.events].reverse().flatMap((e) => [e, e]))
      expect((await deliver(event)).status).toBe(200);
    expect(await row(paid.paymentId)).toMatchObject({
      status: 'partially_refunded',
      amountRefunded: 400,
      refundReserved: 400,
    });
    expect(await refundMails(paid.email)).toHaveLength(1);

    const second = await refundAtStripe(paid.intentId);
    expect(second.refund.amount).toBe(600);
    // The charge says 1000 in all before either refund event of the second refund is delivered.
    for (const event of [
      ...byType(second.events, 'charge.refunded'),
      ...byType(second.events, 'refund.updated'),
      ...byType(second.events, 'refund.created'),
    ])
      await deliver(event);
    // The first refund's old events replayed late change nothing.
    for (const event of first.events)
      expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await row(paid.paymentId)).toMatchObject({
      status: 'refunded',
      amountRefunded: 1000,
      refundReserved: 1000,
    });
    expect((await refundRows(paid.paymentId)).map((r) => [r.amount, r.status]).sort()).toEqual([
      [400, 'succeeded'],
      [600, 'succeeded'],
    ]);
    expect((await refundMails(paid.email)).map((m) => m.subject).sort()).toEqual([
      'Your refund: $4.00',
      'Your refund: $6.00',
    ]);
  });

  it('every order of refund.created, charge.refunded and refund.updated (each replayed) ends in the same state', async () => {
    const orders = permutations(['refund.created', 'charge.refunded', 'refund.updated']);
    expect(orders).toHaveLength(6);
    for (const order of orders) {
      const paid = await paidPayment();
      const { events } = await refundAtStripe(paid.intentId);
      const sequence = order.flatMap((type) => byType(events, type));
      for (const event of [...sequence, ...sequence]) expect((await deliver(event)).status).toBe(200);
      expect(await row(paid.paymentId), order.join(' → ')).toMatchObject({
        status: 'refunded',
        amountRefunded: 1000,
        refundReserved: 1000,
      });
      expect(await refundRows(paid.paymentId)).toHaveLength(1);
      expect(await refundMails(paid.email)).toHaveLength(1);
      const recorded = await db.select().from(stripeEvents).where(eq(stripeEvents.id, sequence[0]!.id));
      expect(recorded).toHaveLength(1);
    }
  });

  it('a refund that succeeds and then fails (Stripe’s refund-failure card) gives the amount back, in any order', async () => {
    for (const reverse of [false, true]) {
      const paid = await paidPayment({ paymentMethod: 'pm_card_refundFail' });
      const { events } = await refundAtStripe(paid.intentId, 300);
      expect(events.map((e) => e.type)).toEqual([
        'refund.created',
        'charge.refunded',
        'refund.updated',
        'refund.updated',
        'refund.failed',
      ]);
      for (const event of reverse ? [...events].reverse() : events)
        expect((await deliver(event)).status).toBe(200);
      expect(await row(paid.paymentId)).toMatchObject({
        status: 'succeeded',
        amountRefunded: 0,
        refundReserved: 0,
      });
      const [refund] = await refundRows(paid.paymentId);
      expect(refund).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, paid.paymentId), eq(auditLog.action, 'payment.refund.failed')));
      expect(audit).toHaveLength(1);
    }
  });

  it('charge.refunded while Stripe cannot be asked answers 503 unrecorded, and applies when Stripe sends it again', async () => {
    const paid = await paidPayment();
    const { events } = await refundAtStripe(paid.intentId, 250);
    const [chargeRefunded] = byType(events, 'charge.refunded');
    const body = JSON.stringify(chargeRefunded);
    const header = await signWith(chargeRefunded!, stripeConfig.webhookSecret!);
    const offline = await app.request(
      '/api/payment/webhook',
      { method: 'POST', headers: { 'Stripe-Signature': header, 'Content-Type': 'application/json' }, body },
      { ...env, STRIPE_API_PORT: '9' },
    );
    expect(offline.status).toBe(503);
    expect(offline.headers.get('Retry-After')).toBe('60');
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, chargeRefunded!.id))).toHaveLength(
      0,
    );
    expect(await row(paid.paymentId)).toMatchObject({ status: 'succeeded', amountRefunded: 0 });

    expect(await (await deliver(chargeRefunded!)).json()).toEqual({ received: true, duplicate: false });
    expect(await row(paid.paymentId)).toMatchObject({ status: 'partially_refunded', amountRefunded: 250 });
  });

  it('refund events for a payment we do not know are recorded and change nothing', async () => {
    const body = paymentBody();
    const created = await (await createIntent(body)).json<{ clientSecret: string }>();
    const intentId = intentIdOf(created.clientSecret);
    await fakeStripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const { events } = await refundAtStripe(intentId);
    // As if the payment row belonged to another system: the events name an intent we never stored.
    for (const event of events) {
      const foreign = structuredClone(event);
      foreign.id = `${event.id}_foreign`;
      Object.assign(foreign.data.object, { payment_intent: 'pi_someone_else' });
      expect(await (await deliver(foreign)).json()).toEqual({ received: true, duplicate: false });
    }
  });
});
