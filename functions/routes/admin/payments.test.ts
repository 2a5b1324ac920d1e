// Back-office payments: the detail, refunds through the fake Stripe API (reserved before Stripe is
// asked, parallel requests included), and finance's CSV export.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { app } from '#functions/index.ts';
import { auditLog, outbox, paymentRefunds, payments } from '#db/schema/index.ts';
import type { AdminPaymentDetail, RefundResponse } from '#schemas/payment.ts';
import { request } from '#functions/test/fixtures/index.ts';
import { deliver, eventsFor, fakeStripe, paidPayment } from '#functions/test/stripe.ts';
import { auth, db, makePayment, makeStaff } from '#functions/test/fixtures/index.ts';
import { toCsv } from './shared.ts';

// Each test pays (and refunds) for real through the fake Stripe API, several times: seconds, more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const row = async (paymentId: string) =>
  (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
const refundRows = (paymentId: string) =>
  db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const stripeRefunds = async (intentId: string) =>
  (await fakeStripe.refunds.list({ payment_intent: intentId, limit: 100 })).data;

async function refund(
  token: string,
  paymentId: string,
  body: Record<string, unknown>,
  environment?: Env,
): Promise<Response> {
  const init = {
    method: 'POST',
    headers: { ...auth(token), 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: 'requested_by_customer', requestId: crypto.randomUUID(), ...body }),
  };
  const path = `/api/admin/payments/${encodeURIComponent(paymentId)}/refunds`;
  return environment ? app.request(path, init, environment) : request(path, init);
}

/** Delivers whatever the fake Stripe API has sent about this intent (replays are no-ops). */
async function deliverAll(intentId: string) {
  for (const event of await eventsFor(intentId)) await deliver(event);
}

describe('POST /api/admin/payments/:id/refunds', () => {
  it('refunds part of a payment through Stripe, with the request id as the idempotency key, then the rest; the payer is e-mailed; every step is audited', async () => {
    const admin = await makeStaff('admin');
    const paid = await paidPayment({ reference: 'INV-77' });

    const requestId = crypto.randomUUID();
    const res = await refund(admin.token, paid.paymentId, {
      amount: 400,
      reason: 'requested_by_customer',
      note: 'Paid twice by mistake',
      requestId,
    });
    expect(res.status).toBe(201);
    const body = await res.json<RefundResponse>();
    // Stripe answers a new refund "pending" (as in live mode); the amount is held until it succeeds.
    expect(body.refund).toMatchObject({
      id: requestId,
      amount: 400,
      currency: 'usd',
      status: 'pending',
      reason: 'requested_by_customer',
      note: 'Paid twice by mistake',
      staffName: admin.name,
    });
    expect(body.payment).toMatchObject({ status: 'succeeded', amountRefunded: 0, refundable: 600 });
    expect(body.message).toBe('Refund of $4.00 sent to Stripe (pending).');

    const [atStripe] = await stripeRefunds(paid.intentId);
    expect(atStripe).toMatchObject({
      amount: 400,
      reason: 'requested_by_customer',
      metadata: {
        refundId: requestId,
        paymentId: paid.paymentId,
        reference: 'INV-77',
        note: 'Paid twice by mistake',
      },
    });
    expect(body.refund.refundId).toBe(atStripe!.id);

    // The same request again (a double click, a retried connection): the same refund, nothing new at Stripe.
    const again = await refund(admin.token, paid.paymentId, { amount: 400, requestId });
    expect(again.status).toBe(200);
    expect((await again.json<RefundResponse>()).refund.id).toBe(requestId);
    expect(await stripeRefunds(paid.intentId)).toHaveLength(1);

    // Stripe's webhooks confirm it.
    await deliverAll(paid.intentId);
    expect(await row(paid.paymentId)).toMatchObject({
      status: 'partially_refunded',
      amountRefunded: 400,
      refundReserved: 400,
    });
    const mails = (await db.select().from(outbox).where(eq(outbox.to, paid.email))).filter((m) =>
      m.subject.startsWith('Your refund'),
    );
    expect(mails.map((m) => m.subject)).toEqual(['Your refund: $4.00']);

    // The rest: the whole remaining amount.
    const rest = await refund(admin.token, paid.paymentId, { amount: 600, reason: 'duplicate' });
    expect(rest.status).toBe(201);
    await deliverAll(paid.intentId);
    expect(await row(paid.paymentId)).toMatchObject({
      status: 'refunded',
      amountRefunded: 1000,
      refundReserved: 1000,
    });

    const detail = await (
      await request(`/api/admin/payments/${paid.paymentId}`, { headers: auth(admin.token) })
    ).json<AdminPaymentDetail>();
    expect(detail).toMatchObject({
      status: 'refunded',
      amountRefunded: 1000,
      refundable: 0,
      reference: 'INV-77',
      cardLast4: '4242',
      fee: 59,
    });
    expect(detail.refunds.map((r) => [r.amount, r.status])).toEqual([
      [600, 'succeeded'],
      [400, 'succeeded'],
    ]);

    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, paid.paymentId))
      .orderBy(auditLog.createdAt);
    const actions = audit.map((a) => a.action);
    expect(actions.filter((a) => a === 'payment.refund.requested')).toHaveLength(2);
    expect(actions.filter((a) => a === 'payment.refund.pending')).toHaveLength(2);
    expect(actions.filter((a) => a === 'payment.refund.succeeded')).toHaveLength(2);
    expect(
      audit.filter((a) => a.action === 'payment.status').map((a) => (a.after as { status: string }).status),
    ).toEqual(['partially_refunded', 'refunded']);
    expect(audit.find((a) => a.action === 'payment.refund.requested')).toMatchObject({
      staffId: admin.id,
      after: {
        refundRequestId: requestId,
        amount: 400,
        reason: 'requested_by_customer',
        note: 'Paid twice by mistake',
      },
    });
  });

  it('answers 400 with the amount left when the refund is larger than what is left', async () => {
    const admin = await makeStaff('admin');
    const paid = await paidPayment();
    expect((await refund(admin.token, paid.paymentId, { amount: 700 })).status).toBe(201);
    const res = await refund(admin.token, paid.paymentId, { amount: 301 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'The most that can be refunded is $3.00.',
      amountLeft: 300,
    });
    expect((await refund(admin.token, paid.paymentId, { amount: 300 })).status).toBe(201);
    const none = await refund(admin.token, paid.paymentId, { amount: 1 });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      success: false,
      message: 'Nothing is left to refund on this payment.',
      amountLeft: 0,
    });
    expect((await stripeRefunds(paid.intentId)).reduce((n, r) => n + r.amount, 0)).toBe(1000);
  });

  it('two refunds at once cannot refund more than the payment: one is made, the other gets 400 with the amount left', async () => {
    const admin = await makeStaff('admin');
    const paid = await paidPayment();
    const answers = await Promise.all([
      refund(admin.token, paid.paymentId, { amount: 600 }),
      refund(admin.token, paid.paymentId, { amount: 600 }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect(await refused.json()).toMatchObject({ amountLeft: 400 });
    expect((await stripeRefunds(paid.intentId)).map((r) => r.amount)).toEqual([600]);
    expect((await row(paid.paymentId)).refundReserved).toBe(600);
  });

  it('ten refunds of $3.00 at once: exactly three are made, and Stripe holds $9.00 of refunds', async () => {
    const admin = await makeStaff('admin');
    const paid = await paidPayment();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(admin.token, paid.paymentId, { amount: 300 })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
    for (const res of answers.filter((r) => r.status === 400))
      expect(await res.json()).toMatchObject({ amountLeft: 100 });
    expect((await stripeRefunds(paid.intentId)).reduce((n, r) => n + r.amount, 0)).toBe(900);
    expect(await refundRows(paid.paymentId)).toHaveLength(3);
  });

  it('the same request id sent twice at once refunds once', async () => {
    const admin = await makeStaff('admin');
    const paid = await paidPayment();
    const requestId = crypto.randomUUID();
    const answers = await Promise.all([
      refund(admin.token, paid.paymentId, { amount: 500, requestId }),
      refund(admin.token, paid.paymentId, { amount: 500, requestId }),
    ]);
    expect(answers.map((r) => r.status).every((s) => s === 200 || s === 201)).toBe(true);
    expect(await stripeRefunds(paid.intentId)).toHaveLength(1);
    expect((await row(paid.paymentId)).refundReserved).toBe(500);
  });

  it('when Stripe refuses, the reservation is released, the refusal is audited, and the amount can be refunded again', async () => {
    const admin = await makeStaff('admin');
    // A payment whose intent Stripe does not know: Stripe answers 404 resource_missing.
    const payment = await makePayment({ status: 'succeeded' });
    const requestId = crypto.randomUUID();
    const res = await refund(admin.token, payment.id, { amount: 1000, requestId });
    expect(res.status).toBe(502);
    expect((await res.json<{ message: string }>()).message).toBe(
      `Stripe refused the refund: No such payment_intent: '${payment.intentId}'`,
    );
    expect(await row(payment.id)).toMatchObject({
      status: 'succeeded',
      refundReserved: 0,
      amountRefunded: 0,
    });
    const [stored] = await refundRows(payment.id);
    expect(stored).toMatchObject({
      id: requestId,
      status: 'refused',
      failureReason: `No such payment_intent: '${payment.intentId}'`,
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, payment.id), eq(auditLog.action, 'payment.refund.refused')));
    expect(audit).toHaveLength(1);
    const detail = await (
      await request(`/api/admin/payments/${payment.id}`, { headers: auth(admin.token) })
    ).json<AdminPaymentDetail>();
    expect(detail.refundable).toBe(1000);
  });

  it('when Stripe does not answer, the amount stays reserved, and the same request id asks again and refunds once', async () => {
    const admin = await makeStaff('admin');
    const paid = await paidPayment();
    const requestId = crypto.randomUUID();
    const offline = await refund(admin.token, paid.paymentId, { amount: 1000, requestId }, {
      ...env,
      STRIPE_API_PORT: '9',
    } as Env);
    expect(offline.status).toBe(502);
    expect((await offline.json<{ message: string }>()).message).toContain('press Try again');
    expect(await row(paid.paymentId)).toMatchObject({ refundReserved: 1000 });
    expect((await refundRows(paid.paymentId))[0]).toMatchObject({ status: 'requested' });
    // Nothing else can be refunded meanwhile.
    expect((await refund(admin.token, paid.paymentId, { amount: 1 })).status).toBe(400);

    const retried = await refund(admin.token, paid.paymentId, { amount: 1000, requestId });
    expect(retried.status).toBe(201);
    expect(await stripeRefunds(paid.intentId)).toHaveLength(1);
  });

  it.each([
    [{ amount: 0 }, 'Amount must be more than zero'],
    [{ amount: 2.5 }, 'Amount must be a whole number of minor units (cents)'],
    [{ amount: '400' }, 'Amount must be a number of minor units (cents)'],
    [
      { amount: 100, reason: 'because' },
      'Reason must be one of: requested_by_customer, duplicate, fraudulent',
    ],
    [{ amount: 100, requestId: 'x' }, 'A refund request id (a UUID) is required'],
    [{ amount: 100, note: 'n'.repeat(501) }, 'Note must be at most 500 characters'],
  ])('answers 400 to %j', async (body, message) => {
    const admin = await makeStaff('admin');
    const payment = await makePayment();
    const res = await refund(admin.token, payment.id, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
    expect(await refundRows(payment.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown payment and 409 for a payment that was never paid', async () => {
    const admin = await makeStaff('admin');
    expect((await refund(admin.token, 'no-such-payment', { amount: 100 })).status).toBe(404);
    const pending = await makePayment({ status: 'processing' });
    const res = await refund(admin.token, pending.id, { amount: 100 });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'Only a paid payment can be refunded; this one is processing.',
    });
  });

  it('is for admins only: an editor gets 403 and nothing is reserved', async () => {
    const editor = await makeStaff('editor');
    const paid = await paidPayment();
    expect((await refund(editor.token, paid.paymentId, { amount: 100 })).status).toBe(403);
    expect((await row(paid.paymentId)).refundReserved).toBe(0);
  });
});

describe('GET /api/admin/payments?format=csv (finance export)', () => {
  it('gives payment id, created, amount, fee, refunded, net and reference in exact decimals, injection-safe', async () => {
    const admin = await makeStaff('admin');
    const paid = await paidPayment({ reference: '=HYPERLINK("http://evil.example","x")' });
    expect((await refund(admin.token, paid.paymentId, { amount: 1000 })).status).toBe(201);
    await deliverAll(paid.intentId);
    const other = await paidPayment({ reference: 'INV-2026-0001' });

    const res = await request('/api/admin/payments?format=csv&status=refunded', {
      headers: auth(admin.token),
    });
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = (await res.text()).trimEnd().split('\r\n');
    expect(header).toBe(
      'Payment id,Charge id,Created (UTC),Currency,Amount,Fee,Fee currency,Refunded,Net,Reference,Status,Payer,Email,Our id',
    );
    const line = lines.find((l) => l.startsWith(paid.intentId))!;
    const stored = await row(paid.paymentId);
    // Fully refunded: Stripe keeps its fee, so the net is minus the fee; a negative number stays a number.
    expect(line).toBe(
      `${paid.intentId},${stored.chargeId},${stored.paidAt!.toISOString()},USD,10.00,0.59,USD,10.00,-0.59,"'=HYPERLINK(""http://evil.example"",""x"")",Refunded,Ada Lovelace,${paid.email},${paid.paymentId}`,
    );
    expect(lines.some((l) => l.startsWith(other.intentId))).toBe(false);

    const all = await (
      await request(`/api/admin/payments?format=csv&q=${encodeURIComponent('INV-2026-0001')}`, {
        headers: auth(admin.token),
      })
    ).text();
    expect(all).toContain(`${other.intentId},`);
    expect(all).toContain(',USD,10.00,0.59,USD,0.00,9.41,INV-2026-0001,Succeeded,');
  });

  it('keeps negative amounts as numbers but every other cell starting with = + - @ as text', () => {
    const cells = ['-0.59', '-12', '-1+1', '-0.5e3', '=1+1', '+44 20 7946 0000', '@SUM(A1)', '\t=1'];
    expect(
      toCsv(
        cells.map((v) => ({ v })),
        [{ key: 'v', header: 'V' }],
      )
        .split('\r\n')
        .slice(1, -1),
    ).toEqual(['-0.59', '-12', "'-1+1", "'-0.5e3", "'=1+1", "'+44 20 7946 0000", "'@SUM(A1)", "'\t=1"]);
  });

  it('searches by reference and shows it in the list', async () => {
    const admin = await makeStaff('admin');
    const paid = await paidPayment({ reference: `STU-${crypto.randomUUID().slice(0, 6)}` });
    const stored = await row(paid.paymentId);
    const res = await request(
      `/api/admin/payments?q=${encodeURIComponent(stored.reference!.toLowerCase())}`,
      { headers: auth(admin.token) },
    );
    const page = await res.json<{
      items: { id: string; reference: string; amountFormatted: string }[];
      total: number;
    }>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: paid.paymentId,
      reference: stored.reference,
      amountFormatted: '$10.00',
    });
  });
});
