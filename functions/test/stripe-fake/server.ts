/**
 * A small Stripe-compatible API for tests (there is no internet here, and stripe-stateful-mock has
 * no /v1/payment_intents). It speaks exactly the endpoints our code, our fake Stripe.js and our
 * tests use, with Stripe's request encoding (form bodies with bracketed keys), `expand[]`,
 * idempotency keys and error shapes, so the real `stripe` SDK talks to it unchanged through
 * host/port/protocol options.
 *
 * - POST /v1/payment_intents              create; an Idempotency-Key replays the first answer
 * - GET  /v1/payment_intents              list (newest first), to see what was created; `created[gte]`
 *                                         (and gt, lte, lt) and `starting_after` as Stripe pages them
 * - GET  /v1/payment_intents/:id          retrieve (secret key, or publishable key + client_secret
 *                                         as Stripe.js's retrievePaymentIntent sends them)
 * - POST /v1/payment_intents/:id/confirm  confirm with a test payment method (secret key, or
 *                                         publishable key + client_secret as Stripe.js does):
 *     pm_card_visa, pm_card_mastercard, pm_card_amex → succeeded (a charge and its balance
 *       transaction with Stripe's US card fee, 2.9% + 30¢);
 *     pm_card_refundFail → succeeded, but its refunds succeed and then fail (Stripe's 4000000000005126);
 *     pm_card_chargeDeclined, pm_card_visa_chargeDeclined → card_declined (generic_decline);
 *     pm_card_chargeDeclinedInsufficientFunds → card_declined (insufficient_funds)
 * - GET  /v1/charges/:id, GET /v1/balance_transactions/:id
 * - POST /v1/refunds                      refund a payment_intent or charge (all or part); refuses
 *                                         more than is left, as Stripe does; Idempotency-Key replays.
 *                                         As in live mode the refund is answered `pending`, then
 *                                         succeeds (events refund.created, charge.refunded, refund.updated)
 * - GET  /v1/refunds (?payment_intent, ?charge), GET /v1/refunds/:id
 * - GET  /v1/events                       what happened, newest first, each as Stripe would send it
 *                                         to a webhook (fake-only filter: ?related=pi_...|ch_...);
 *                                         `type`, `types[]`, `created[gte]` and `starting_after` too
 * - A create whose metadata[email] (or receipt_email) starts with `stripe-api-error@` answers 500
 *   api_error; a refund whose metadata[note] starts with `stripe-api-error` too.
 *
 * With `forwardTo` and `webhookSecret` it also delivers every event, signed as Stripe signs them,
 * to that URL (what `stripe listen --forward-to` does): the browser tests run the whole loop.
 * Test-only controls: POST /_fake/settings { forwardDelayMs } holds deliveries back for a while.
 *
 * Run alone: `node functions/test/stripe-fake/server.ts [port]`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

type Params = { [key: string]: string | Params | Params[] | string[] };
type Json = Record<string, unknown>;

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  client_secret: string;
  created: number;
  description: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean } | null;
  latest_charge: string | null;
  receipt_email: string | null;
  return_url: string | null;
  last_payment_error: StripeErrorBody['error'] | null;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string;
  billing_details: { name: string | null; email: string | null };
  captured: true;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  payment_method: string;
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' };
  };
  refunded: boolean;
  status: 'succeeded';
}

interface BalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  available_on: number;
  created: number;
  currency: string;
  fee: number;
  fee_details: { amount: number; currency: string; description: string; type: 'stripe_fee' }[];
  net: number;
  reporting_category: 'charge' | 'refund' | 'refund_failure';
  source: string;
  status: 'pending' | 'available';
  type: 'charge' | 'refund' | 'payment_failure_refund';
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  failure_reason?: string;
}

interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

interface StripeErrorBody {
  error: {
    type: string;
    message: string;
    code?: string;
    decline_code?: string;
    param?: string;
    payment_intent?: Intent;
    charge?: string;
  };
}

const cards: Record<string, { brand: string; last4: string; refundFails?: true }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_refundFail: { brand: 'visa', last4: '5126', refundFails: true },
};
const declines: Record<string, string> = {
  pm_card_chargeDeclined: 'generic_decline',
  pm_card_visa_chargeDeclined: 'generic_decline',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
};

/** Stripe's standard US card pricing, 2.9% + 30¢ (rounded to the cent as Stripe does). */
export const cardFee = (amount: number) => Math.round(amount * 0.029) + 30;

/** The Stripe-Signature header for a payload: `t=<time>,v1=<HMAC-SHA256 of "t.payload">`. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Parses Stripe's form encoding (`metadata[name]=x`, `payment_method_types[0]=card`, `expand[]=x`) into objects. */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    if (rawKey.endsWith('[]')) {
      // expand[]=a&expand[]=b: a list.
      const list = ((root[parts[0]!] as string[] | undefined) ??= []);
      if (Array.isArray(list)) list.push(value);
      continue;
    }
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_fake${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
const list = (value: unknown) =>
  Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];

/** Whether an object's `created` passes a list's `created[gte|gt|lte|lt]` filter (or a bare `created`). */
function createdMatches(created: number, filter: unknown) {
  if (typeof filter === 'string') return created === Number(filter);
  const range = record(filter);
  return (
    (range.gte === undefined || created >= Number(range.gte)) &&
    (range.gt === undefined || created > Number(range.gt)) &&
    (range.lte === undefined || created <= Number(range.lte)) &&
    (range.lt === undefined || created < Number(range.lt))
  );
}

/** One page of a list, newest first, as Stripe answers it: `limit` items after `starting_after`. */
function listPage<T extends { id: string }>(url: string, newestFirst: T[], params: Params) {
  const limit = Math.min(100, Number(params.limit ?? 10) || 10);
  const after = typeof params.starting_after === 'string' ? params.starting_after : null;
  const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
  const rest = newestFirst.slice(start);
  return { object: 'list', url, has_more: rest.length > limit, data: rest.slice(0, limit) };
}

export interface FakeStripeOptions {
  /** Deliver every event, signed with `webhookSecret`, to this URL (as `stripe listen --forward-to`). */
  forwardTo?: string;
  webhookSecret?: string;
}

export interface FakeStripe {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Starts the fake on `port` (0: any free port) and resolves once it listens. */
export async function startFakeStripe(
  port = 0,
  host = '127.0.0.1',
  options: FakeStripeOptions = {},
): Promise<FakeStripe> {
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const transactions = new Map<string, BalanceTransaction>();
  const refunds = new Map<string, Refund>();
  const events: StripeEvent[] = [];
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>();
  const settings = { forwardDelayMs: 0 };
  let delivery = Promise.resolve();

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    // Stripe's API answers browsers too (Stripe.js calls it straight from the page).
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Request-Id': id('req'),
      'Access-Control-Allow-Origin': '*',
      ...headers,
    });
    res.end(JSON.stringify(body));
  };
  const fail = (status: number, error: StripeErrorBody['error']) => ({
    status,
    body: { error } satisfies StripeErrorBody,
  });
  const missing = (kind: string, objectId: string) =>
    fail(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      message: `No such ${kind}: '${objectId}'`,
    });
  const ok = (body: unknown) => ({ status: 200, body });

  /** Records an event and, when forwarding, delivers it after the ones before it. */
  function emit(type: string, object: Json, previous?: Json) {
    const event: StripeEvent = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: options.forwardTo ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    if (options.forwardTo && options.webhookSecret) {
      const target = options.forwardTo;
      const secret = options.webhookSecret;
      delivery = delivery.then(() => forward(target, secret, event)).catch(() => undefined);
    }
  }

  async function forward(target: string, secret: string, event: StripeEvent) {
    if (settings.forwardDelayMs > 0) await new Promise((r) => setTimeout(r, settings.forwardDelayMs));
    const payload = JSON.stringify(event);
    // Stripe retries failed deliveries (for days); a few quick tries are enough here.
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signPayload(payload, secret) },
          body: payload,
        });
        if (res.ok) return;
      } catch {
        // The Worker may still be starting; try again shortly.
      }
      await new Promise((r) => setTimeout(r, 250 * (attempt + 1)));
    }
  }

  /** An object with `expand` paths (`latest_charge`, `latest_charge.balance_transaction`) filled in. */
  function expand(object: Json, paths: string[]): Json {
    const copy = structuredClone(object);
    for (const path of paths) {
      let node: Json = copy;
      for (const key of path.split('.')) {
        const value = node[key];
        if (typeof value !== 'string') break;
        const found =
          charges.get(value) ?? transactions.get(value) ?? intents.get(value) ?? refunds.get(value);
        if (!found) break;
        node[key] = structuredClone(found);
        node = node[key] as Json;
      }
    }
    return copy;
  }

  function createIntent(params: Params) {
    const amount = Number(params.amount);
    if (!params.amount || !Number.isInteger(amount))
      return fail(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'amount',
        message: 'Missing required param: amount.',
      });
    if (amount < 50)
      return fail(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $0.50 usd',
      });
    if (typeof params.currency !== 'string')
      return fail(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'currency',
        message: 'Missing required param: currency.',
      });
    const metadata = record(params.metadata);
    const receiptEmail = typeof params.receipt_email === 'string' ? params.receipt_email : null;
    if ((metadata.email ?? receiptEmail ?? '').startsWith('stripe-api-error@'))
      return fail(500, { type: 'api_error', message: 'An unknown error occurred' });
    const automatic = record(params.automatic_payment_methods).enabled === 'true';
    const requested = params.allowed_payment_method_types ?? params.payment_method_types;
    if (automatic && requested) {
      return fail(400, {
        type: 'invalid_request_error',
        param: 'automatic_payment_methods',
        message:
          'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
      });
    }
    // Without a list Stripe picks the account's dynamic payment methods (more than cards).
    const methodTypes = Array.isArray(requested) ? (requested as string[]) : ['card', 'link'];
    const intentId = id('pi');
    const intent: Intent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: params.currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      created: now(),
      description: typeof params.description === 'string' ? params.description : null,
      livemode: false,
      metadata,
      payment_method: null,
      payment_method_types: methodTypes,
      automatic_payment_methods: automatic ? { enabled: true } : null,
      latest_charge: null,
      receipt_email: receiptEmail,
      return_url: typeof params.return_url === 'string' ? params.return_url : null,
      last_payment_error: null,
    };
    intents.set(intentId, intent);
    emit('payment_intent.created', intent as unknown as Json);
    return ok(intent);
  }

  function confirm(intent: Intent, params: Params) {
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
        payment_intent: intent,
      });
    }
    const method = typeof params.payment_method === 'string' ? params.payment_method : null;
    if (!method)
      return fail(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'payment_method',
        message: 'You must provide a payment_method to confirm this PaymentIntent.',
      });
    if (typeof params.return_url === 'string') intent.return_url = params.return_url;
    const billing = record(record(params.payment_method_data).billing_details);
    intent.payment_method = method;
    const decline = declines[method];
    if (decline) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: decline,
        message:
          decline === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      emit('payment_intent.payment_failed', intent as unknown as Json);
      return fail(402, { ...error, payment_intent: intent });
    }
    const card = cards[method];
    if (!card)
      return fail(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${method}'`,
      });

    const created = now();
    const fee = cardFee(intent.amount);
    const txn: BalanceTransaction = {
      id: id('txn'),
      object: 'balance_transaction',
      amount: intent.amount,
      available_on: created + 2 * 86400,
      created,
      currency: intent.currency,
      fee,
      fee_details: [
        { amount: fee, currency: intent.currency, description: 'Stripe processing fees', type: 'stripe_fee' },
      ],
      net: intent.amount - fee,
      reporting_category: 'charge',
      source: '',
      status: 'pending',
      type: 'charge',
    };
    const charge: Charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      balance_transaction: txn.id,
      billing_details: { name: billing.name ?? null, email: billing.email ?? null },
      captured: true,
      created,
      currency: intent.currency,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: intent.id,
      payment_method: method,
      payment_method_details: {
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit' },
      },
      refunded: false,
      status: 'succeeded',
    };
    txn.source = charge.id;
    transactions.set(txn.id, txn);
    charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    emit('charge.succeeded', charge as unknown as Json);
    emit('payment_intent.succeeded', intent as unknown as Json);
    return ok(intent);
  }

  /** Stripe counts pending and succeeded refunds against the charge; failed ones give the amount back. */
  const refundedOn = (charge: Charge) =>
    [...refunds.values()]
      .filter(
        (r) =>
          r.charge === charge.id &&
          (r.status === 'pending' || r.status === 'succeeded' || r.status === 'requires_action'),
      )
      .reduce((n, r) => n + r.amount, 0);

  function createRefund(params: Params) {
    const intentId = typeof params.payment_intent === 'string' ? params.payment_intent : null;
    const chargeId =
      typeof params.charge === 'string'
        ? params.charge
        : intentId
          ? (intents.get(intentId)?.latest_charge ?? null)
          : null;
    if (!intentId && !chargeId)
      return fail(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'One of the following params should be provided for this request: payment_intent or charge.',
      });
    if (intentId && !intents.has(intentId)) return missing('payment_intent', intentId);
    const charge = chargeId ? charges.get(chargeId) : undefined;
    if (!charge)
      return fail(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      });
    const metadata = record(params.metadata);
    if ((metadata.note ?? '').startsWith('stripe-api-error'))
      return fail(500, { type: 'api_error', message: 'An unknown error occurred' });
    const left = charge.amount - refundedOn(charge);
    if (left <= 0)
      return fail(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        charge: charge.id,
        message: `Charge ${charge.id} has already been refunded.`,
      });
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return fail(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid positive integer',
      });
    if (amount > left) {
      const dollars = (n: number) => `$${(n / 100).toFixed(2)}`;
      return fail(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      });
    }
    const created = now();
    const txn: BalanceTransaction = {
      id: id('txn'),
      object: 'balance_transaction',
      amount: -amount,
      available_on: created,
      created,
      currency: charge.currency,
      fee: 0,
      fee_details: [],
      net: -amount,
      reporting_category: 'refund',
      source: '',
      status: 'available',
      type: 'refund',
    };
    const refund: Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: txn.id,
      charge: charge.id,
      created,
      currency: charge.currency,
      metadata,
      payment_intent: charge.payment_intent,
      reason: typeof params.reason === 'string' ? params.reason : null,
      status: 'pending',
    };
    txn.source = refund.id;
    transactions.set(txn.id, txn);
    refunds.set(refund.id, refund);
    // As in live mode: the refund is created pending (that is what the API answers), the charge
    // counts it at once, and it succeeds a moment later (refund.updated).
    const answer = structuredClone(refund);
    charge.amount_refunded = refundedOn(charge);
    charge.refunded = charge.amount_refunded >= charge.amount;
    emit('refund.created', refund as unknown as Json);
    emit('charge.refunded', charge as unknown as Json, { amount_refunded: charge.amount_refunded - amount });
    refund.status = 'succeeded';
    emit('refund.updated', refund as unknown as Json, { status: 'pending' });
    if (cards[charge.payment_method]?.refundFails) {
      // Stripe's refund-failure test card: the refund succeeds, then fails (the card account is closed).
      refund.status = 'failed';
      refund.failure_reason = 'expired_or_canceled_card';
      charge.amount_refunded = refundedOn(charge);
      charge.refunded = false;
      emit('refund.updated', refund as unknown as Json, { status: 'succeeded' });
      emit('refund.failed', refund as unknown as Json);
    }
    return ok(answer);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Stripe-Version',
      });
      return res.end();
    }
    if (req.method === 'POST' && path === '/_fake/settings') {
      const body = JSON.parse(raw || '{}') as { forwardDelayMs?: number };
      if (typeof body.forwardDelayMs === 'number') settings.forwardDelayMs = body.forwardDelayMs;
      return send(res, 200, settings);
    }

    const params = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
    const auth = req.headers.authorization ?? '';
    const secretKey = /^Bearer sk_test_\S+$/.test(auth);
    // Stripe.js sends the publishable key as `key` (a simple CORS request) with the client secret.
    const publishable =
      /^pk_test_\S+$/.test(typeof params.key === 'string' ? params.key : '') ||
      /^Bearer pk_test_\S+$/.test(auth);
    const intentMatch = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/);
    const clientSecretOk = (intent: Intent | undefined) =>
      intent !== undefined && params.client_secret === intent.client_secret;
    if (!secretKey && !(publishable && intentMatch && clientSecretOk(intents.get(intentMatch[1]!)))) {
      return send(res, 401, {
        error: {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided. Test keys start with sk_test_.',
        },
      });
    }
    const expandPaths = list(params.expand);
    const reply = (result: { status: number; body: unknown }) =>
      send(
        res,
        result.status,
        result.status === 200 && result.body && typeof result.body === 'object'
          ? expand(result.body as Json, expandPaths)
          : result.body,
      );

    /** An idempotent POST: the same key and body replay the first answer; another body is an error. */
    const once = (scope: string, run: () => { status: number; body: unknown }) => {
      const key = req.headers['idempotency-key'];
      const slot = typeof key === 'string' ? `${scope}:${key}` : null;
      const previous = slot ? idempotent.get(slot) : undefined;
      if (previous) {
        if (previous.request !== raw) {
          return send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
            },
          });
        }
        return send(res, previous.status, previous.body, { 'Idempotent-Replayed': 'true' });
      }
      const result = run();
      // Stripe does not store 500s against the key, so a retry may succeed.
      if (slot && result.status < 500) idempotent.set(slot, { request: raw, ...result });
      return reply(result);
    };

    if (req.method === 'POST' && path === '/v1/payment_intents')
      return once('payment_intents', () => createIntent(params));
    if (req.method === 'GET' && path === '/v1/payment_intents') {
      const all = [...intents.values()].reverse().filter((i) => createdMatches(i.created, params.created));
      return send(res, 200, listPage('/v1/payment_intents', all, params));
    }
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent) return reply(missing('payment_intent', intentMatch[1]!));
      if (req.method === 'GET' && !intentMatch[2]) return reply(ok(intent));
      if (req.method === 'POST' && intentMatch[2]) return reply(confirm(intent, params));
    }
    const chargeMatch = path.match(/^\/v1\/charges\/([^/]+)$/);
    if (req.method === 'GET' && chargeMatch) {
      const charge = charges.get(chargeMatch[1]!);
      return reply(charge ? ok(charge) : missing('charge', chargeMatch[1]!));
    }
    const txnMatch = path.match(/^\/v1\/balance_transactions\/([^/]+)$/);
    if (req.method === 'GET' && txnMatch) {
      const txn = transactions.get(txnMatch[1]!);
      return reply(txn ? ok(txn) : missing('balance_transaction', txnMatch[1]!));
    }
    if (req.method === 'POST' && path === '/v1/refunds') return once('refunds', () => createRefund(params));
    if (req.method === 'GET' && path === '/v1/refunds') {
      const limit = Math.min(100, Number(params.limit ?? 10) || 10);
      const all = [...refunds.values()]
        .reverse()
        .filter(
          (r) =>
            (!params.payment_intent || r.payment_intent === params.payment_intent) &&
            (!params.charge || r.charge === params.charge),
        );
      return send(res, 200, {
        object: 'list',
        url: '/v1/refunds',
        has_more: all.length > limit,
        data: all.slice(0, limit).map((r) => expand(r as unknown as Json, expandPaths)),
      });
    }
    const refundMatch = path.match(/^\/v1\/refunds\/([^/]+)$/);
    if (req.method === 'GET' && refundMatch) {
      const refund = refunds.get(refundMatch[1]!);
      return reply(refund ? ok(refund) : missing('refund', refundMatch[1]!));
    }
    if (req.method === 'GET' && path === '/v1/events') {
      const related = typeof params.related === 'string' ? params.related : null;
      const types = list(params.types);
      const matches = (event: StripeEvent) => {
        if (!related) return true;
        const o = event.data.object;
        return o.id === related || o.payment_intent === related || o.charge === related;
      };
      const all = [...events]
        .reverse()
        .filter(
          (e) =>
            matches(e) &&
            (!params.type || e.type === params.type) &&
            (types.length === 0 || types.includes(e.type)) &&
            createdMatches(e.created, params.created),
        );
      return send(res, 200, listPage('/v1/events', all, params));
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    port: actual,
    url: `http://${host}:${actual}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeStripe(Number(process.argv[2] ?? 0));
  console.log(`Fake Stripe API on ${fake.url}`);
}
