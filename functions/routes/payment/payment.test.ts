import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { app } from '#functions/index.ts';
import { createDb } from '#db/client.ts';
import { outbox, payments, stripeEvents } from '#db/schema/index.ts';
import { paymentMessages } from '#schemas/payment.ts';
import { config } from '#functions/lib/config.ts';
import { postJson, request } from '#functions/test/fixtures/index.ts';

const db = createDb(env.DB);
const stripeConfig = config(env).stripe;
const fakeUrl = `http://127.0.0.1:${stripeConfig.port}`;
const stripe = new Stripe('sk_test_only', { httpClient: Stripe.createFetchHttpClient() });

/** A distinct address per call site keeps the per-address rate limit out of the other tests. */
let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

const validBody = (over: Record<string, unknown> = {}) => ({
  amount: 1000,
  name: 'Ada Lovelace',
  email: `ada-${crypto.randomUUID()}@example.com`,
  attemptId: crypto.randomUUID(),
  ...over,
});

function createIntent(body: unknown, address = newAddress()) {
  return postJson('/api/payment/create-payment-intent', body, { 'CF-Connecting-IP': address });
}

/** What the fake Stripe API holds (read straight from it, as Stripe's dashboard would show). */
async function fakeIntents(email: string) {
  const res = await fetch(`${fakeUrl}/v1/payment_intents?limit=100`, {
    headers: { Authorization: `Bearer ${stripeConfig.secretKey}` },
  });
  const list = await res.json<{ data: Stripe.PaymentIntent[] }>();
  return list.data.filter((intent) => intent.metadata.email === email);
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

async function rowFor(intentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.intentId, intentId));
  return row;
}

describe('GET /api/payment/config', () => {
  it('gives the publishable key when payments are configured', async () => {
    const res = await request('/api/payment/config');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ configured: true, publishableKey: 'pk_test_fake_0123456789' });
  });

  it('says payments are not configured without keys', async () => {
    const res = await app.request(
      '/api/payment/config',
      {},
      { ...env, STRIPE_SECRET_KEY: '', PUBLIC_STRIPE_PUBLISHABLE_KEY: '' },
    );
    expect(await res.json()).toEqual({ configured: false, publishableKey: null });
  });
});

describe('POST /api/payment/create-payment-intent', () => {
  it('creates a PaymentIntent for 1000 USD cents with automatic payment methods, no Stripe receipt, and stores the payment row', async () => {
    const body = validBody({
      name: '  Ada Lovelace ',
      email: `  Ada.${crypto.randomUUID()}@Example.COM `,
      reference: '  INV-2026-0042 ',
    });
    const res = await createIntent(body);
    expect(res.status).toBe(200);
    const created = await res.json<{ clientSecret: string; paymentId: string; receiptToken: string }>();
    expect(created.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(created.paymentId).toBe(body.attemptId);
    expect(created.receiptToken.split('.')).toHaveLength(3);

    const email = body.email.trim().toLowerCase();
    const [intent] = await fakeIntents(email);
    expect(intent).toMatchObject({
      amount: 1000,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      receipt_email: null,
      metadata: {
        paymentId: created.paymentId,
        name: 'Ada Lovelace',
        email,
        attemptId: body.attemptId,
        reference: 'INV-2026-0042',
      },
    });
    expect(intent!.client_secret).toBe(created.clientSecret);

    expect(await rowFor(intent!.id)).toMatchObject({
      id: created.paymentId,
      amount: 1000,
      currency: 'usd',
      payerName: 'Ada Lovelace',
      payerEmail: email,
      reference: 'INV-2026-0042',
      status: 'requires_payment_method',
      lastEventAt: null,
      amountRefunded: 0,
      refundReserved: 0,
    });
  });

  it('stores no reference when none (or only spaces) is given, and nothing in Stripe metadata', async () => {
    const body = validBody({ reference: '   ' });
    const { clientSecret } = await (await createIntent(body)).json<{ clientSecret: string }>();
    const [intent] = await fakeIntents(body.email);
    expect(intent!.metadata.reference).toBeUndefined();
    expect((await rowFor(intentIdOf(clientSecret)))!.reference).toBeNull();
  });

  it.each([
    ['x'.repeat(65), 'Reference must be at most 64 characters'],
    ['INV\u0000001', 'Reference must not contain control characters'],
    [42, 'Reference must be text'],
  ])('refuses the reference %j with 400, before Stripe is asked', async (reference, message) => {
    const body = validBody({ reference });
    const res = await createIntent(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
    expect(await fakeIntents(body.email)).toHaveLength(0);
  });

  it('accepts a reference of exactly 64 characters', async () => {
    const body = validBody({ reference: 'R'.repeat(64) });
    const { clientSecret } = await (await createIntent(body)).json<{ clientSecret: string }>();
    expect((await rowFor(intentIdOf(clientSecret)))!.reference).toBe('R'.repeat(64));
  });

  it.each([1, 999999, -5, '1', 0, null])(
    'charges 1000 whatever amount the client sends (%s)',
    async (amount) => {
      const body = validBody({ amount });
      const res = await createIntent(body);
      expect(res.status).toBe(200);
      const [intent] = await fakeIntents(body.email);
      expect(intent!.amount).toBe(1000);
      expect((await rowFor(intent!.id))!.amount).toBe(1000);
    },
  );

  it('also works when the client sends no amount at all', async () => {
    const { amount: _amount, ...body } = validBody();
    const res = await createIntent(body);
    expect(res.status).toBe(200);
  });

  it.each([
    [{ name: undefined }, 'Full Name is required'],
    [{ name: '   ' }, 'Full Name is required'],
    [{ name: 'x'.repeat(101) }, 'Full Name must be at most 100 characters'],
    [{ email: undefined }, 'Email Address is required'],
    [{ email: '' }, 'Email Address is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: 'ada@' }, 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email Address must be at most 254 characters'],
    [{ attemptId: undefined }, 'A payment attempt id (a UUID) is required'],
    [{ attemptId: 'attempt-1' }, 'A payment attempt id (a UUID) is required'],
  ])('rejects %j with "%s" and creates nothing', async (over, message) => {
    const body = validBody(over);
    const res = await createIntent(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
    if (typeof body.email === 'string' && body.email.includes('@example.com'))
      expect(await fakeIntents(body.email)).toHaveLength(0);
  });

  it('rejects a body that is not JSON with a readable 400', async () => {
    const res = await request('/api/payment/create-payment-intent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect((await res.json<{ success: boolean }>()).success).toBe(false);
  });

  it('replays a retried attempt: the same intent, one intent at Stripe, one row', async () => {
    const body = validBody();
    const address = newAddress();
    const first = await (await createIntent(body, address)).json<{ clientSecret: string }>();
    const second = await createIntent(body, address);
    expect(second.status).toBe(200);
    expect((await second.json<{ clientSecret: string }>()).clientSecret).toBe(first.clientSecret);
    expect(await fakeIntents(body.email)).toHaveLength(1);
    const rows = await db.select().from(payments).where(eq(payments.payerEmail, body.email));
    expect(rows).toHaveLength(1);

    // A new attempt (new id) is a new intent.
    const third = await (
      await createIntent({ ...body, attemptId: crypto.randomUUID() }, address)
    ).json<{ clientSecret: string }>();
    expect(third.clientSecret).not.toBe(first.clientSecret);
    expect(await fakeIntents(body.email)).toHaveLength(2);
  });

  it('answers 409 when an attempt id is reused with other details', async () => {
    const body = validBody();
    expect((await createIntent(body)).status).toBe(200);
    const res = await createIntent({ ...body, name: 'Someone Else' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'This payment attempt was already started with other details. Please try again.',
    });
  });

  it('answers 502 and stores nothing when Stripe errors', async () => {
    const body = validBody({ email: `stripe-api-error@${crypto.randomUUID()}.example.com` });
    const res = await createIntent(body);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'The card payment provider could not start the payment. Please try again in a moment.',
    });
    expect(await db.select().from(payments).where(eq(payments.payerEmail, body.email))).toHaveLength(0);
  });

  it('answers 502 and stores nothing when Stripe cannot be reached', async () => {
    const body = validBody();
    const res = await app.request(
      '/api/payment/create-payment-intent',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': newAddress() },
        body: JSON.stringify(body),
      },
      { ...env, STRIPE_API_PORT: '9' },
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'The card payment provider could not be reached. Please try again in a moment.',
    });
    expect(await db.select().from(payments).where(eq(payments.payerEmail, body.email))).toHaveLength(0);
  });

  it.each([
    ['a valid body', validBody()],
    ['the spec client body { amount } alone', { amount: 1000 }],
  ])('answers 503 when card payments are not configured (%s)', async (_label, body) => {
    const res = await app.request(
      '/api/payment/create-payment-intent',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      { ...env, STRIPE_SECRET_KEY: '' },
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, message: paymentMessages.notConfigured });
  });

  it('limits attempts per address (10 per 15 minutes) and answers 429 with Retry-After', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await createIntent(validBody(), address)).status).toBe(200);
    const limited = await createIntent(validBody(), address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({
      success: false,
      message: 'Too many payment attempts. Please wait a few minutes and try again.',
    });
    // Another address is not affected.
    expect((await createIntent(validBody())).status).toBe(200);
  });

  it('the created intent confirms at the (fake) provider with a test card, and declines another', async () => {
    const paid = validBody();
    const { clientSecret } = await (await createIntent(paid)).json<{ clientSecret: string }>();
    const client = new Stripe(stripeConfig.secretKey!, {
      httpClient: Stripe.createFetchHttpClient(),
      host: '127.0.0.1',
      port: stripeConfig.port!,
      protocol: 'http',
    });
    const confirmed = await client.paymentIntents.confirm(intentIdOf(clientSecret), {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed.status).toBe('succeeded');

    const declined = validBody();
    const second = await (await createIntent(declined)).json<{ clientSecret: string }>();
    const error = await client.paymentIntents
      .confirm(intentIdOf(second.clientSecret), { payment_method: 'pm_card_chargeDeclined' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((error as Stripe.errors.StripeCardError).message).toBe('Your card was declined.');
    expect((await client.paymentIntents.retrieve(intentIdOf(second.clientSecret))).status).toBe(
      'requires_payment_method',
    );
  });
});

describe('POST /api/payment/webhook', () => {
  const secret = stripeConfig.webhookSecret!;
  let eventCounter = 0;

  function event(
    type: string,
    intentId: string,
    created: number,
    id = `evt_test_${++eventCounter}_${crypto.randomUUID().slice(0, 8)}`,
  ) {
    return {
      id,
      object: 'event',
      type,
      created,
      api_version: '2025-01-01',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: { id: intentId, object: 'payment_intent', amount: 1000, currency: 'usd', status: 'x' },
      },
    };
  }

  /** Signed as Stripe signs: generateTestHeaderString's async form (workerd has no synchronous HMAC). */
  async function deliver(payload: object, signature?: string) {
    const body = JSON.stringify(payload);
    const header =
      signature ?? (await stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret }));
    return request('/api/payment/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
      body,
    });
  }

  async function newPayment() {
    const body = validBody();
    const { clientSecret } = await (await createIntent(body)).json<{ clientSecret: string }>();
    return { intentId: intentIdOf(clientSecret), email: body.email };
  }

  const receiptsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email));
  const now = () => Math.floor(Date.now() / 1000);

  it('moves the payment to succeeded on a validly signed event and e-mails a receipt', async () => {
    const { intentId, email } = await newPayment();
    const created = now();
    const evt = event('payment_intent.succeeded', intentId, created);
    const res = await deliver(evt);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(await rowFor(intentId)).toMatchObject({ status: 'succeeded', lastEventAt: created });
    const [recorded] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, evt.id));
    expect(recorded).toMatchObject({ type: 'payment_intent.succeeded' });

    const receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your payment receipt: $10.00');
    expect(receipts[0]!.text).toContain('Amount paid: $10.00 (USD)');
    expect(receipts[0]!.text).toContain(`Payment ID: ${intentId}`);
    expect(receipts[0]!.text).toMatch(
      new RegExp(`/payment/receipt/${(await rowFor(intentId))!.id}\\?t=[\\w-]+\\.[\\w-]+\\.[\\w-]+`),
    );
    expect(receipts[0]!.text).toContain(
      `Date: ${new Date(created * 1000).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`,
    );
  });

  it.each([
    ['processing', 'payment_intent.processing'],
    ['requires_payment_method', 'payment_intent.payment_failed'],
    ['canceled', 'payment_intent.canceled'],
  ])('moves the payment to %s on %s, without a receipt', async (status, type) => {
    const { intentId, email } = await newPayment();
    expect((await deliver(event(type, intentId, now()))).status).toBe(200);
    expect((await rowFor(intentId))!.status).toBe(status);
    expect(await receiptsTo(email)).toHaveLength(0);
  });

  it('rejects a bad signature with 400 and changes nothing', async () => {
    const { intentId, email } = await newPayment();
    const evt = event('payment_intent.succeeded', intentId, now());
    const forged = await stripe.webhooks.generateTestHeaderStringAsync({
      payload: JSON.stringify(evt),
      secret: 'whsec_someone_else',
    });
    const res = await deliver(evt, forged);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: 'Invalid webhook signature.' });
    expect((await rowFor(intentId))!.status).toBe('requires_payment_method');
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, evt.id))).toHaveLength(0);
    expect(await receiptsTo(email)).toHaveLength(0);
  });

  it('rejects a body changed after signing', async () => {
    const { intentId } = await newPayment();
    const evt = event('payment_intent.processing', intentId, now());
    const header = await stripe.webhooks.generateTestHeaderStringAsync({
      payload: JSON.stringify(evt),
      secret,
    });
    const res = await deliver({ ...evt, type: 'payment_intent.succeeded' }, header);
    expect(res.status).toBe(400);
    expect((await rowFor(intentId))!.status).toBe('requires_payment_method');
  });

  it('rejects a missing signature with 400 and changes nothing', async () => {
    const { intentId } = await newPayment();
    const evt = event('payment_intent.succeeded', intentId, now());
    const res = await request('/api/payment/webhook', { method: 'POST', body: JSON.stringify(evt) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: 'Missing Stripe-Signature header.' });
    expect((await rowFor(intentId))!.status).toBe('requires_payment_method');
  });

  it('rejects a signature older than the tolerance (a captured request replayed later)', async () => {
    const { intentId } = await newPayment();
    const evt = event('payment_intent.succeeded', intentId, now());
    const body = JSON.stringify(evt);
    const header = await stripe.webhooks.generateTestHeaderStringAsync({
      payload: body,
      secret,
      timestamp: now() - 3600,
    });
    const res = await deliver(evt, header);
    expect(res.status).toBe(400);
    expect((await rowFor(intentId))!.status).toBe('requires_payment_method');
  });

  it('applies a replayed event once: no second change, no second receipt', async () => {
    const { intentId, email } = await newPayment();
    const evt = event('payment_intent.succeeded', intentId, now());
    expect(await (await deliver(evt)).json()).toEqual({ received: true, duplicate: false });
    expect(await (await deliver(evt)).json()).toEqual({ received: true, duplicate: true });
    expect(await receiptsTo(email)).toHaveLength(1);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, evt.id))).toHaveLength(1);
  });

  it('a replayed older event does not undo a newer one', async () => {
    const { intentId } = await newPayment();
    const t = now();
    const processing = event('payment_intent.processing', intentId, t);
    await deliver(processing);
    await deliver(event('payment_intent.payment_failed', intentId, t + 5));
    expect(await (await deliver(processing)).json()).toEqual({ received: true, duplicate: true });
    expect(await rowFor(intentId)).toMatchObject({ status: 'requires_payment_method', lastEventAt: t + 5 });
  });

  it('never moves a row backwards when events arrive out of order', async () => {
    const { intentId, email } = await newPayment();
    const t = now();
    await deliver(event('payment_intent.succeeded', intentId, t + 10));
    // The earlier processing event arrives late: it is recorded, and changes nothing.
    const late = await deliver(event('payment_intent.processing', intentId, t));
    expect(await late.json()).toEqual({ received: true, duplicate: false });
    expect(await rowFor(intentId)).toMatchObject({ status: 'succeeded', lastEventAt: t + 10 });
    expect(await receiptsTo(email)).toHaveLength(1);
  });

  it('applies an older event only if nothing newer was applied, and succeeded is final', async () => {
    const { intentId } = await newPayment();
    const t = now();
    await deliver(event('payment_intent.payment_failed', intentId, t + 10));
    await deliver(event('payment_intent.processing', intentId, t + 5));
    expect(await rowFor(intentId)).toMatchObject({ status: 'requires_payment_method', lastEventAt: t + 10 });
    await deliver(event('payment_intent.succeeded', intentId, t + 20));
    await deliver(event('payment_intent.payment_failed', intentId, t + 30));
    await deliver(event('payment_intent.canceled', intentId, t + 40));
    expect(await rowFor(intentId)).toMatchObject({ status: 'succeeded', lastEventAt: t + 20 });
  });

  it('records events it does not act on, and events for unknown intents, without failing', async () => {
    const other = event('charge.refunded', 'ch_123', now());
    Object.assign(other.data.object, { object: 'charge', payment_intent: 'pi_unknown' });
    expect((await deliver(other)).status).toBe(200);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, other.id))).toHaveLength(1);
    const unknown = event('payment_intent.succeeded', 'pi_unknown', now());
    expect(await (await deliver(unknown)).json()).toEqual({ received: true, duplicate: false });
  });

  it('answers 503 when payments are not configured at all', async () => {
    const res = await app.request(
      '/api/payment/webhook',
      { method: 'POST', headers: { 'Stripe-Signature': 't=1,v1=x' }, body: '{}' },
      { ...env, STRIPE_SECRET_KEY: '' },
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, message: paymentMessages.notConfigured });
  });

  it('answers 503 when the webhook secret is not configured', async () => {
    const evt = event('payment_intent.succeeded', 'pi_x', now());
    const body = JSON.stringify(evt);
    const header = await stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret });
    const res = await app.request(
      '/api/payment/webhook',
      { method: 'POST', headers: { 'Stripe-Signature': header }, body },
      { ...env, STRIPE_WEBHOOK_SECRET: '' },
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'The payment webhook is not configured on this server.',
    });
  });
});
