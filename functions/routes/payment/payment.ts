import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createMiddleware } from 'hono/factory';
import Stripe from 'stripe';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { config } from '#functions/lib/config.ts';
import { findPayment, insertPayment, succeededRefunds } from '#db/queries/payments.ts';
import {
  createPaymentIntentBody,
  paymentMessages,
  PAYMENT_AMOUNT,
  PAYMENT_CURRENCY,
  receiptLinkBody,
  receiptMessages,
  receiptParam,
  receiptQuery,
  receiptStatus,
  receiptStatusLabels,
  type CreatePaymentIntentResponse,
  type PaymentConfigResponse,
  type ReceiptResponse,
  type WebhookResponse,
} from '#schemas/payment.ts';
import type { FailureResponse, MessageResponse } from '#schemas/responses.ts';
import { normalizeEmail } from '#schemas/email.ts';
import {
  applyWebhookEvent,
  createStripe,
  receiptLinks,
  stripeSettings,
  StripeUnavailableError,
  verifyWebhook,
} from '#functions/services/payments/payments.ts';
import { receiptLinkEmail } from '#functions/services/payments/payment-emails.ts';
import { signReceiptToken, verifyReceiptToken } from '#functions/services/payments/receipt-links.ts';
import { getSite } from '#db/queries/site-content.ts';

/** Payment attempts per address: enough for a few declines and retries, not for card testing. */
const attemptLimit = { name: 'payment:address', max: 10, windowSeconds: 15 * 60 };
/** Fresh receipt links per payment: a payer who lost theirs, not a mail cannon. */
const receiptLinkLimit = { name: 'payment:receipt-link', max: 3, windowSeconds: 60 * 60 };

function requireStripe(env: Env) {
  const settings = stripeSettings(env);
  if (!settings) throw new HTTPException(503, { message: paymentMessages.notConfigured });
  return settings;
}

/** Without Stripe keys the payment endpoints answer 503 before looking at the request. */
const stripeConfigured = createMiddleware<AppEnv>(async (c, next) => {
  requireStripe(c.env);
  await next();
});

/** A receipt's answers are the payer's alone: never cached, never indexed. */
const privateAnswer = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
});

/** Card payments (spec 1 sections 2.11 and 7): the intent, its webhook, the page's settings and the receipt. */
export const payment = new Hono<AppEnv>()
  .get('/config', (c) => {
    const settings = stripeSettings(c.env);
    c.header('Cache-Control', 'no-store');
    return c.json(
      (settings?.publishableKey
        ? { configured: true, publishableKey: settings.publishableKey }
        : { configured: false, publishableKey: null }) satisfies PaymentConfigResponse,
    );
  })
  .post('/create-payment-intent', stripeConfigured, validate('json', createPaymentIntentBody), async (c) => {
    const settings = requireStripe(c.env);
    const { name, attemptId, reference, ...input } = c.req.valid('json');
    const email = normalizeEmail(input.email);

    await c.var.limiter.perAddress(
      attemptLimit,
      () => 'Too many payment attempts. Please wait a few minutes and try again.',
    );

    // The attempt id is the payment's id: a retried attempt sends the same parameters, so Stripe
    // replays the same intent and our row is found again.
    const paymentId = attemptId;
    // The brand of the site block: the card statement and the description name the company.
    const { companyName } = await getSite(c.var.db);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await createStripe(settings).paymentIntents.create(
        {
          amount: PAYMENT_AMOUNT,
          currency: PAYMENT_CURRENCY,
          // Cards as the page shows, plus what the account enables for this currency (Apple Pay and
          // Google Pay are cards to Stripe; redirect-based methods come back to the return_url).
          automatic_payment_methods: { enabled: true },
          // No receipt_email: the payer gets one receipt, ours (with the link to the receipt page).
          description: reference
            ? `${companyName} payment, reference ${reference}`
            : `${companyName} payment`,
          metadata: { paymentId, name, email, attemptId, ...(reference ? { reference } : {}) },
        },
        { idempotencyKey: `create-payment-intent:${attemptId}` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeIdempotencyError) {
        throw new HTTPException(409, {
          message: 'This payment attempt was already started with other details. Please try again.',
        });
      }
      console.error(
        'Stripe: creating a PaymentIntent failed',
        error instanceof Error ? error.message : error,
      );
      const message =
        error instanceof Stripe.errors.StripeConnectionError
          ? 'The card payment provider could not be reached. Please try again in a moment.'
          : 'The card payment provider could not start the payment. Please try again in a moment.';
      throw new HTTPException(502, { message });
    }
    if (!intent.client_secret)
      throw new HTTPException(502, {
        message: 'The card payment provider did not return a payment to confirm. Please try again.',
      });

    // The intent first, then the row: a failure at Stripe leaves nothing behind.
    const row = await insertPayment(c.var.db, {
      id: paymentId,
      intentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      payerName: name,
      payerEmail: email,
      reference: reference ?? null,
    });
    if (row?.intentId !== intent.id)
      throw new HTTPException(409, {
        message: 'This payment attempt was already started with other details. Please try again.',
      });

    const { tokenSecret, tokenIssuer } = config(c.env);
    c.header('Cache-Control', 'no-store');
    return c.json({
      clientSecret: intent.client_secret,
      paymentId,
      receiptToken: await signReceiptToken(tokenSecret, tokenIssuer, paymentId),
    } satisfies CreatePaymentIntentResponse);
  })
  .get(
    '/receipt/:id',
    privateAnswer,
    validate('param', receiptParam),
    validate('query', receiptQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      const { tokenSecret, tokenIssuer } = config(c.env);
      const check = await verifyReceiptToken(tokenSecret, tokenIssuer, c.req.valid('query').t, id);
      if (!check.ok && check.reason === 'expired')
        return c.json(
          { success: false, message: receiptMessages.expired, expired: true } satisfies FailureResponse,
          410,
        );
      const row = check.ok ? await findPayment(c.var.db, id) : undefined;
      if (!row) throw new HTTPException(404, { message: receiptMessages.invalid });
      const status = receiptStatus(row.status, row.lastEventAt !== null);
      const refunds = await succeededRefunds(c.var.db, row.id);
      return c.json({
        id: row.id,
        intentId: row.intentId,
        amount: row.amount,
        currency: row.currency,
        amountRefunded: row.amountRefunded,
        status,
        statusLabel: receiptStatusLabels[status],
        payerName: row.payerName,
        reference: row.reference,
        date: (row.paidAt ?? row.createdAt).toISOString(),
        cardBrand: row.cardBrand,
        cardLast4: row.cardLast4,
        refunds: refunds.map((r) => ({ amount: r.amount, date: r.updatedAt.toISOString() })),
      } satisfies ReceiptResponse);
    },
  )
  .post(
    '/receipt/:id/link',
    privateAnswer,
    validate('param', receiptParam),
    validate('json', receiptLinkBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const { tokenSecret, tokenIssuer } = config(c.env);
      // A genuine link for this payment, expired or not: the new one goes to the payer's address on file.
      const check = await verifyReceiptToken(tokenSecret, tokenIssuer, c.req.valid('json').t, id);
      const row = check.ok || check.reason === 'expired' ? await findPayment(c.var.db, id) : undefined;
      if (!row) throw new HTTPException(404, { message: receiptMessages.invalid });
      await c.var.limiter.hits(
        [{ limit: receiptLinkLimit, subject: row.id }],
        () => 'A new link was sent a few times already. Please check your inbox, or try again later.',
      );
      await c.var.mailer.send(
        receiptLinkEmail(await getSite(c.var.db), row, await receiptLinks(c.env)(row.id)),
      );
      return c.json({ success: true, message: receiptMessages.resent } satisfies MessageResponse, 202);
    },
  )
  .post('/webhook', stripeConfigured, async (c) => {
    const settings = requireStripe(c.env);
    if (!settings.webhookSecret)
      throw new HTTPException(503, { message: 'The payment webhook is not configured on this server.' });
    const signature = c.req.header('Stripe-Signature');
    if (!signature) throw new HTTPException(400, { message: 'Missing Stripe-Signature header.' });
    // The signature covers the exact bytes Stripe sent: read the raw body, never re-serialised JSON.
    const payload = await c.req.text();
    const stripe = createStripe(settings);
    let event: Stripe.Event;
    try {
      event = await verifyWebhook(stripe, payload, signature, settings.webhookSecret);
    } catch {
      throw new HTTPException(400, { message: 'Invalid webhook signature.' });
    }
    try {
      const { duplicate } = await applyWebhookEvent(
        { db: c.var.db, stripe, mailer: c.var.mailer, receiptLink: receiptLinks(c.env) },
        event,
      );
      return c.json({ received: true, duplicate } satisfies WebhookResponse);
    } catch (error) {
      if (!(error instanceof StripeUnavailableError)) throw error;
      // Not recorded: Stripe delivers the event again later, and then it applies.
      console.error(
        'Stripe webhook: Stripe could not be asked',
        error.cause instanceof Error ? error.cause.message : error.cause,
      );
      c.header('Retry-After', '60');
      throw new HTTPException(503, {
        message:
          'The payment provider could not be reached. The event will be applied when it is sent again.',
      });
    }
  });
