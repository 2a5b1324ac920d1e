import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requestId } from 'hono/request-id';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../lib/app-env.ts';
import { logLine } from '../lib/log.ts';

/**
 * Every answer carries `X-Request-Id` (hono's requestId: a UUID, or the caller's own id when it is
 * a short plain token), and `c.var.requestId` holds it for log lines.
 */
export const requestIds = requestId();

/**
 * The route a request matched, as registered (`/api/subjects/:id`), never the raw path (which may
 * hold an e-mail or a token); `(unmatched)` when no route did.
 */
export function routePattern(c: Context<AppEnv>) {
  if (c.var.unmatched) return '(unmatched)';
  // `routeIndex` is the last handler that ran. Middleware is registered for every method (`ALL`),
  // so when one answered (a 401, say) the endpoint is the next concrete route; routes matched after
  // it (the pages' catch-all) never ran.
  const routes = matchedRoutes(c);
  for (let i = Math.max(0, c.req.routeIndex); i < routes.length; i++)
    if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  return '(unmatched)';
}

/** Cloudflare's ray id as the edge sets it (`8f1a2b3c4d5e6f70-LHR`); null off Cloudflare or when malformed. */
const CF_RAY = /^[0-9a-f]{16}-[A-Z]{3}$/i;

/**
 * The request's `cf-ray`: the id Cloudflare's own logs, its error pages and its support know the
 * request by, so a line here can be matched with theirs. Only the edge's format is logged: anywhere
 * else the header is whatever a caller sent.
 */
export function cfRay(c: Context<AppEnv>) {
  const ray = c.req.header('cf-ray');
  return ray && CF_RAY.test(ray) ? ray : null;
}

/** One JSON line per request: method, route pattern, status, duration, request id and cf-ray. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  logLine(c.res.status >= 500 ? 'error' : 'info', {
    type: 'request',
    requestId: c.var.requestId,
    cfRay: cfRay(c),
    method: c.req.method,
    route: routePattern(c),
    status: c.res.status,
    durationMs: Date.now() - started,
  });
});
