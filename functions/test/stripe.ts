// API tests and the fake Stripe API (functions/test/stripe-fake/server.ts): pay as Stripe.js would,
// read the events Stripe would send, and deliver them to the Worker signed as Stripe signs them.
import { env } from 'cloudflare:test';
import Stripe from 'stripe';
import { config } from '../lib/config.ts';
import { postJson, request } from './fixtures/index.ts';
import type { CreatePaymentIntentResponse } from '#schemas/payment.ts';

export const stripeConfig = config(env).stripe;
export const fakeUrl = `http://127.0.0.1:${stripeConfig.port}`;

/** The SDK against the fake, as the Worker uses it (and as Stripe.js would confirm). */
export const fakeStripe = new Stripe(stripeConfig.secretKey!, {
  httpClient: Stripe.createFetchHttpClient(),
  host: '127.0.0.1',
  port: stripeConfig.port!,
  protocol: 'http',
});

let addressCounter = 0;
/** A distinct address per call site keeps the per-address rate limit out of the other tests. */
export const newAddress = () =>
  `198.51.100.${(++addressCounter % 250) + 1}-${crypto.randomUUID().slice(0, 4)}`;

export const paymentBody = (over: Record<string, unknown> = {}) => ({
  amount: 1000,
  name: 'Ada Lovelace',
  email: `ada-${crypto.randomUUID()}@example.com`,
  attemptId: crypto.randomUUID(),
  ...over,
});

/** POST /api/payment/create-payment-intent from its own address. */
export function createIntent(body: unknown, address = newAddress()) {
  return postJson('/api/payment/create-payment-intent', body, { 'CF-Connecting-IP': address });
}

export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** Every event the fake recorded about an intent (or its charge and refunds), oldest first. */
export async function eventsFor(intentId: string, type?: string): Promise<Stripe.Event[]> {
  const params = new URLSearchParams({ related: intentId, limit: '100', ...(type ? { type } : {}) });
  const res = await fetch(`${fakeUrl}/v1/events?${params.toString()}`, {
    headers: { Authorization: `Bearer ${stripeConfig.secretKey}` },
  });
  const list = await res.json<{ data: Stripe.Event[] }>();
  return list.data.reverse();
}

const signer = new Stripe('sk_test_only', { httpClient: Stripe.createFetchHttpClient() });

/** Delivers an event to the Worker's webhook, signed as Stripe signs (async form: workerd has no sync HMAC). */
export async function deliver(event: object, signature?: string) {
  const body = JSON.stringify(event);
  const header =
    signature ??
    (await signer.webhooks.generateTestHeaderStringAsync({
      payload: body,
      secret: stripeConfig.webhookSecret!,
    }));
  return request('/api/payment/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body,
  });
}

export const signWith = (event: object, secret: string, timestamp?: number) =>
  signer.webhooks.generateTestHeaderStringAsync({
    payload: JSON.stringify(event),
    secret,
    ...(timestamp ? { timestamp } : {}),
  });

/**
 * A payment made the whole way: the page's create call, Stripe.js's confirm (with a test payment
 * method), and the fake's events delivered to the webhook. Returns our ids and the payer's address.
 */
export async function paidPayment(
  options: { paymentMethod?: string; reference?: string; deliverEvents?: boolean } = {},
) {
  const body = paymentBody(options.reference ? { reference: options.reference } : {});
  const res = await createIntent(body);
  if (res.status !== 200) throw new Error(`create-payment-intent: ${res.status} ${await res.text()}`);
  const created = await res.json<CreatePaymentIntentResponse>();
  const intentId = intentIdOf(created.clientSecret);
  await fakeStripe.paymentIntents.confirm(intentId, {
    payment_method: options.paymentMethod ?? 'pm_card_visa',
  });
  if (options.deliverEvents !== false) {
    for (const event of await eventsFor(intentId)) await deliver(event);
  }
  return { ...created, intentId, email: body.email };
}
