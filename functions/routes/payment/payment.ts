import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createMiddleware } from 'hono/factory';
import Stripe from 'stripe';
import type { AppEnv } from '../../lib/app-env.ts';
import { validate } from '../../lib/validate.ts';
import { payments } from '../../../db/schema/index.ts';
import { createPaymentIntentBody, paymentMessages, PAYMENT_AMOUNT, PAYMENT_CURRENCY, type CreatePaymentIntentResponse, type PaymentConfigResponse } from '../../../schemas/payment.ts';
import { normalizeEmail } from '../../services/accounts.ts';
import { clientAddress, hit } from '../../services/rate-limit.ts';
import { createMailer } from '../../services/mailer.ts';
import { notificationEmail } from '../../services/emails.ts';
import { getSite } from '../../../db/queries/site-content.ts';
import { applyPaymentEvent, createStripe, formatAmount, stripeSettings, verifyWebhook } from '../../services/payments.ts';

/** Payment attempts per address: enough for a few declines and retries, not for card testing. */
const attemptLimit = { name: 'payment:address', max: 10, windowSeconds: 15 * 60 };

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

/** Card payments (spec 1 sections 2.11 and 7): the intent, its webhook, and the page's settings. */
export const payment = new Hono<AppEnv>()
  .get('/config', (c) => {
    const settings = stripeSettings(c.env);
    c.header('Cache-Control', 'no-store');
    const body: PaymentConfigResponse = settings?.publishableKey
      ? { configured: true, publishableKey: settings.publishableKey }
      : { configured: false, publishableKey: null };
    return c.json(body);
  })
  .post('/create-payment-intent', stripeConfigured, validate('json', createPaymentIntentBody), async (c) => {
    const settings = requireStripe(c.env);
    const { name, attemptId, ...input } = c.req.valid('json');
    const email = normalizeEmail(input.email);

    const limit = await hit(c.var.db, attemptLimit, clientAddress(c.req.raw.headers));
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfter));
      throw new HTTPException(429, { message: 'Too many payment attempts. Please wait a few minutes and try again.' });
    }

    // The intent first, then the row: a failure at Stripe leaves nothing behind, and a retry with
    // the same attempt id gets the same intent back (Stripe replays the idempotent request).
    const { companyName } = await getSite(c.var.db);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await createStripe(settings).paymentIntents.create(
        {
          amount: PAYMENT_AMOUNT,
          currency: PAYMENT_CURRENCY,
          // Card only. This SDK's API version names the create parameter allowed_payment_method_types
          // (payment_method_types was removed from create); the intent still reports payment_method_types.
          allowed_payment_method_types: ['card'],
          receipt_email: email,
          // The brand of the site block: the card statement and Stripe's receipt name the company.
          description: `${companyName} card payment`,
          metadata: { name, email, attemptId },
        },
        { idempotencyKey: `create-payment-intent:${attemptId}` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeIdempotencyError) {
        throw new HTTPException(409, { message: 'This payment attempt was already started with other details. Please try again.' });
      }
      console.error('Stripe: creating a PaymentIntent failed', error instanceof Error ? error.message : error);
      const message = error instanceof Stripe.errors.StripeConnectionError
        ? 'The card payment provider could not be reached. Please try again in a moment.'
        : 'The card payment provider could not start the payment. Please try again in a moment.';
      throw new HTTPException(502, { message });
    }
    if (!intent.client_secret) throw new HTTPException(502, { message: 'The card payment provider did not return a payment to confirm. Please try again.' });

    await c.var.db
      .insert(payments)
      .values({ id: crypto.randomUUID(), intentId: intent.id, amount: intent.amount, currency: intent.currency, payerName: name, payerEmail: email, status: 'requires_payment_method' })
      .onConflictDoNothing({ target: payments.intentId });

    c.header('Cache-Control', 'no-store');
    return c.json({ clientSecret: intent.client_secret } satisfies CreatePaymentIntentResponse);
  })
  .post('/webhook', stripeConfigured, async (c) => {
    const settings = requireStripe(c.env);
    if (!settings.webhookSecret) throw new HTTPException(503, { message: 'The payment webhook is not configured on this server.' });
    const signature = c.req.header('Stripe-Signature');
    if (!signature) throw new HTTPException(400, { message: 'Missing Stripe-Signature header.' });
    // The signature covers the exact bytes Stripe sent: read the raw body, never re-serialised JSON.
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = await verifyWebhook(createStripe(settings), payload, signature, settings.webhookSecret);
    } catch {
      throw new HTTPException(400, { message: 'Invalid webhook signature.' });
    }

    const object = event.data.object as { object?: string; id?: string };
    const intentId = object.object === 'payment_intent' && typeof object.id === 'string' ? object.id : null;
    const { duplicate, changed } = await applyPaymentEvent(c.var.db, { id: event.id, type: event.type, created: event.created, intentId });

    if (changed?.status === 'succeeded') {
      const amount = formatAmount(changed.amount, changed.currency);
      const date = new Date(event.created * 1000).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
      try {
        const site = await getSite(c.var.db);
        await createMailer(c.var.db, c.env).send(
          notificationEmail(site, changed.payerEmail, `Your payment receipt: ${amount}`, [
            `Hello ${changed.payerName}, thank you for your payment.`,
            `Amount paid: ${amount} (${changed.currency.toUpperCase()})`,
            `Date: ${date} UTC`,
            `Reference: ${changed.intentId}`,
            'Keep this e-mail as your receipt. If you did not make this payment, please reply to this e-mail.',
          ]),
        );
      } catch (error) {
        // The payment is recorded; a failed receipt is visible in the outbox and must not make Stripe resend the event.
        console.error('Payment receipt could not be sent', error instanceof Error ? error.message : error);
      }
    }
    return c.json({ received: true, duplicate });
  });
