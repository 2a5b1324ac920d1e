// The payer's receipt: a signed, expiring link bound to one payment; forged and expired links get a
// clear answer; an expired (genuine) link can ask for a fresh one by e-mail.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { createDb } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';
import { receiptMessages, type ReceiptResponse } from '#schemas/payment.ts';
import { postJson, request } from '#functions/test/fixtures/index.ts';
import {
  createIntent,
  deliver,
  eventsFor,
  fakeStripe,
  paidPayment,
  paymentBody,
} from '#functions/test/stripe.ts';
import { signReceiptToken, RECEIPT_LINK_DAYS } from '#functions/services/payments/receipt-links.ts';
import { signToken } from '#functions/services/security/tokens.ts';

// Each test pays (and refunds) for real through the fake Stripe API, several times: seconds, more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const db = createDb(env.DB);
const issuer = env.TOKEN_ISSUER || 'bridgeway-global';
const receipt = (id: string, token: string) =>
  request(`/api/payment/receipt/${encodeURIComponent(id)}?t=${encodeURIComponent(token)}`);

describe('GET /api/payment/receipt/:id', () => {
  it('shows amount, date, reference, last four digits and status; "processing" until the webhook confirms the payment', async () => {
    const paid = await paidPayment({ reference: 'INV-2026-0042', deliverEvents: false });
    const before = await receipt(paid.paymentId, paid.receiptToken);
    expect(before.status).toBe(200);
    expect(before.headers.get('Cache-Control')).toBe('no-store');
    expect(before.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(await before.json()).toMatchObject({
      id: paid.paymentId,
      intentId: paid.intentId,
      amount: 1000,
      currency: 'usd',
      status: 'processing',
      statusLabel: 'Processing',
      reference: 'INV-2026-0042',
      cardLast4: null,
      refunds: [],
    });

    for (const event of await eventsFor(paid.intentId)) await deliver(event);
    const after = await (await receipt(paid.paymentId, paid.receiptToken)).json<ReceiptResponse>();
    expect(after).toMatchObject({
      status: 'paid',
      statusLabel: 'Paid',
      payerName: 'Ada Lovelace',
      cardBrand: 'visa',
      cardLast4: '4242',
      amountRefunded: 0,
    });
    const [succeeded] = await eventsFor(paid.intentId, 'payment_intent.succeeded');
    expect(after.date).toBe(new Date(succeeded!.created * 1000).toISOString());

    // A refund shows on the receipt once Stripe confirms it.
    await fakeStripe.refunds.create({ payment_intent: paid.intentId, amount: 250 });
    for (const event of await eventsFor(paid.intentId)) await deliver(event);
    const refunded = await (await receipt(paid.paymentId, paid.receiptToken)).json<ReceiptResponse>();
    expect(refunded).toMatchObject({
      status: 'partially_refunded',
      statusLabel: 'Partially refunded',
      amountRefunded: 250,
      refunds: [{ amount: 250, date: expect.any(String) }],
    });
  });

  it('says "Not completed" once Stripe reported the attempt failed', async () => {
    const body = paymentBody();
    const created = await (
      await createIntent(body)
    ).json<{
      clientSecret: string;
      paymentId: string;
      receiptToken: string;
    }>();
    const intentId = created.clientSecret.split('_secret_')[0]!;
    await fakeStripe.paymentIntents
      .confirm(intentId, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' })
      .catch(() => undefined);
    for (const event of await eventsFor(intentId)) await deliver(event);
    expect(await (await receipt(created.paymentId, created.receiptToken)).json()).toMatchObject({
      status: 'failed',
      statusLabel: 'Not completed',
    });
  });

  it('answers a forged, tampered, foreign or misused token with 404 and a clear message, never an error', async () => {
    const paid = await paidPayment();
    const other = await paidPayment();
    const staffToken = await signToken(env.TOKEN_SECRET, issuer, {
      sub: paid.paymentId,
      aud: 'staff',
      role: 'admin',
      sid: crypto.randomUUID(),
    });
    const [head, payload] = paid.receiptToken.split('.');
    const tokens = [
      await signReceiptToken('another-secret-0123456789abcdef0123456789', issuer, paid.paymentId),
      await signReceiptToken(env.TOKEN_SECRET, 'someone-else', paid.paymentId),
      other.receiptToken,
      staffToken,
      `${head}.${payload}.AAAA`,
      'not-a-token',
    ];
    for (const token of tokens) {
      const res = await receipt(paid.paymentId, token);
      expect(res.status, token).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, message: receiptMessages.invalid });
    }
    expect((await receipt('no-such-payment', paid.receiptToken)).status).toBe(404);
    const noToken = await request(`/api/payment/receipt/${paid.paymentId}`);
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toMatchObject({ success: false, message: 'The receipt link is incomplete' });
  });

  it(`answers an expired link (older than ${RECEIPT_LINK_DAYS} days) with 410, and it can ask for a fresh link by e-mail`, async () => {
    const paid = await paidPayment();
    const expired = await signReceiptToken(
      env.TOKEN_SECRET,
      issuer,
      paid.paymentId,
      Date.now() - (RECEIPT_LINK_DAYS * 24 + 1) * 3600_000,
    );
    const res = await receipt(paid.paymentId, expired);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({
      success: false,
      message: receiptMessages.expired,
      expired: true,
    });

    const resent = await postJson(`/api/payment/receipt/${paid.paymentId}/link`, { t: expired });
    expect(resent.status).toBe(202);
    expect(await resent.json()).toEqual({ success: true, message: receiptMessages.resent });
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, paid.email), like(outbox.subject, 'Your receipt link%')));
    const link = /\/payment\/receipt\/([^?\s]+)\?t=([\w.-]+)/.exec(mail!.text!)!;
    expect(link[1]).toBe(paid.paymentId);
    expect((await receipt(paid.paymentId, link[2]!)).status).toBe(200);

    // Only a genuine link for this payment may ask, and not endlessly.
    expect((await postJson(`/api/payment/receipt/${paid.paymentId}/link`, { t: 'forged' })).status).toBe(404);
    const otherExpired = await signReceiptToken(
      env.TOKEN_SECRET,
      issuer,
      'another-payment',
      Date.now() - (RECEIPT_LINK_DAYS * 24 + 1) * 3600_000,
    );
    expect((await postJson(`/api/payment/receipt/${paid.paymentId}/link`, { t: otherExpired })).status).toBe(
      404,
    );
    expect((await postJson(`/api/payment/receipt/${paid.paymentId}/link`, { t: expired })).status).toBe(202);
    expect((await postJson(`/api/payment/receipt/${paid.paymentId}/link`, { t: expired })).status).toBe(202);
    const limited = await postJson(`/api/payment/receipt/${paid.paymentId}/link`, { t: expired });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('the receipt e-mail links to the receipt page with a token that opens it', async () => {
    const paid = await paidPayment();
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, paid.email), like(outbox.subject, 'Your payment receipt%')));
    const link = new RegExp(`${env.SITE_URL}/payment/receipt/${paid.paymentId}\\?t=([\\w.-]+)`).exec(
      mail!.text!,
    );
    expect(link).not.toBeNull();
    expect((await receipt(paid.paymentId, link![1]!)).status).toBe(200);
    expect(mail!.html).toContain(`/payment/receipt/${paid.paymentId}?t=`);
  });
});
