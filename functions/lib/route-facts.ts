import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import type { AccountType } from '#db/schema/index.ts';

/**
 * What a middleware tells about the route it sits on: the request part it validates and with which
 * schema, the account it requires, or that the route takes a file. Hono's route table (`app.routes`)
 * lists every handler and middleware of every route, so a route's facts are read off its
 * middlewares (functions/endpoint-catalogue/): the fuzzer's list of endpoints follows the routes
 * instead of being kept by hand.
 */
export type RouteFact =
  | { kind: 'input'; target: keyof ValidationTargets; schema: z.ZodType }
  /** `roles`: the staff roles allowed, where the route narrows its audience to some. */
  | { kind: 'auth'; audience: AccountType; roles?: readonly string[] }
  | { kind: 'upload' };

// Keyed by the middleware function itself: the facts travel with it to every route it is put on.
const facts = new WeakMap<object, RouteFact>();

/** Records what a middleware means for its routes, and returns it unchanged. */
export function declareFact<Handler extends object>(handler: Handler, fact: RouteFact): Handler {
  facts.set(handler, fact);
  return handler;
}

/**
 * The fact a handler of `app.routes` carries. A router with its own `onError` has its handlers
 * wrapped by Hono when mounted; the wrapper keeps the original under `__COMPOSED_HANDLER`
 * (hono/utils/constants), which is read too.
 */
export function factOf(handler: unknown): RouteFact | undefined {
  if (typeof handler !== 'function') return undefined;
  const own = facts.get(handler);
  if (own) return own;
  const inner: unknown = (handler as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER;
  return typeof inner === 'function' ? facts.get(inner) : undefined;
}
