/**
 * A small Stripe-compatible API for tests (there is no internet here, and stripe-stateful-mock has
 * no /v1/payment_intents). It speaks exactly the PaymentIntents endpoints our code and tests use,
 * with Stripe's request encoding (form bodies with bracketed keys), idempotency keys and error
 * shapes, so the real `stripe` SDK talks to it unchanged through host/port/protocol options.
 *
 * - POST /v1/payment_intents             create; an Idempotency-Key replays the first answer
 * - GET  /v1/payment_intents             list (newest first), to count what was created
 * - GET  /v1/payment_intents/:id         retrieve
 * - POST /v1/payment_intents/:id/confirm confirm with a test payment method:
 *     pm_card_visa, pm_card_mastercard, pm_card_amex → succeeded;
 *     pm_card_chargeDeclined, pm_card_visa_chargeDeclined → card_declined (generic_decline);
 *     pm_card_chargeDeclinedInsufficientFunds → card_declined (insufficient_funds)
 * - A create whose receipt_email starts with `stripe-api-error@` answers 500 api_error, so tests
 *   can see how our code handles Stripe erroring.
 *
 * Run alone: `node functions/test/stripe-fake/server.ts [port]`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

type Params = { [key: string]: string | Params | Params[] | string[] };

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  created: number;
  description: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  last_payment_error: StripeErrorBody['error'] | null;
}

interface StripeErrorBody {
  error: { type: string; message: string; code?: string; decline_code?: string; param?: string; payment_intent?: Intent };
}

const declines: Record<string, string> = {
  pm_card_chargeDeclined: 'generic_decline',
  pm_card_visa_chargeDeclined: 'generic_decline',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
};
const successes = new Set(['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex']);

/** Parses Stripe's form encoding (`metadata[name]=x`, `payment_method_types[0]=card`) into objects. */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_fake${randomBytes(8).toString('hex')}`;

export interface FakeStripe {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Starts the fake on `port` (0: any free port) and resolves once it listens. */
export async function startFakeStripe(port = 0, host = '127.0.0.1'): Promise<FakeStripe> {
  const intents = new Map<string, Intent>();
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>();

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), ...headers });
    res.end(JSON.stringify(body));
  };
  const fail = (status: number, error: StripeErrorBody['error']) => ({ status, body: { error } satisfies StripeErrorBody });
  const missing = (intentId: string) => fail(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${intentId}'` });

  function create(params: Params) {
    const amount = Number(params.amount);
    if (!params.amount || !Number.isInteger(amount)) return fail(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' });
    if (amount < 50) return fail(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
    if (typeof params.currency !== 'string') return fail(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' });
    const receiptEmail = typeof params.receipt_email === 'string' ? params.receipt_email : null;
    if (receiptEmail?.startsWith('stripe-api-error@')) return fail(500, { type: 'api_error', message: 'An unknown error occurred' });
    const requested = params.allowed_payment_method_types ?? params.payment_method_types;
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
      created: Math.floor(Date.now() / 1000),
      description: typeof params.description === 'string' ? params.description : null,
      livemode: false,
      metadata: (params.metadata && !Array.isArray(params.metadata) ? params.metadata : {}) as Record<string, string>,
      payment_method: null,
      // Current API versions take allowed_payment_method_types on create; older ones payment_method_types.
      payment_method_types: methodTypes,
      receipt_email: receiptEmail,
      last_payment_error: null,
    };
    intents.set(intentId, intent);
    return { status: 200, body: intent };
  }

  function confirm(intent: Intent, params: Params) {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return fail(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`, payment_intent: intent });
    }
    const method = typeof params.payment_method === 'string' ? params.payment_method : null;
    if (!method) return fail(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'payment_method', message: 'You must provide a payment_method to confirm this PaymentIntent.' });
    intent.payment_method = method;
    const decline = declines[method];
    if (decline) {
      const error = { type: 'card_error', code: 'card_declined', decline_code: decline, message: decline === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.' };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      return fail(402, { ...error, payment_intent: intent });
    }
    if (!successes.has(method)) return fail(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${method}'` });
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    return { status: 200, body: intent };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const auth = req.headers.authorization ?? '';
    if (!/^Bearer sk_test_\S+$/.test(auth)) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided. Test keys start with sk_test_.' } });
    }
    const params = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
    const path = url.pathname;

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const previous = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (previous) {
        if (previous.request !== raw) {
          return send(res, 400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` } });
        }
        return send(res, previous.status, previous.body, { 'Idempotent-Replayed': 'true' });
      }
      const result = create(params);
      // Stripe does not store 500s against the key, so a retry may succeed.
      if (typeof key === 'string' && result.status < 500) idempotent.set(key, { request: raw, ...result });
      return send(res, result.status, result.body);
    }
    if (req.method === 'GET' && path === '/v1/payment_intents') {
      const limit = Math.min(100, Number(params.limit ?? 10) || 10);
      const all = [...intents.values()].reverse();
      return send(res, 200, { object: 'list', url: '/v1/payment_intents', has_more: all.length > limit, data: all.slice(0, limit) });
    }
    const match = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/);
    if (match) {
      const intent = intents.get(match[1]!);
      if (!intent) {
        const result = missing(match[1]!);
        return send(res, result.status, result.body);
      }
      if (req.method === 'GET' && !match[2]) return send(res, 200, intent);
      if (req.method === 'POST' && match[2]) {
        const result = confirm(intent, params);
        return send(res, result.status, result.body);
      }
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
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
