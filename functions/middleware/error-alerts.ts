import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { afterResponse } from '../lib/after-response.ts';
import { countServerError } from '../services/operations/alerts.ts';
import { routePattern } from './request-log.ts';

const HEALTH_PATH = '/api/health';

/**
 * Counts every answer with a server error (5xx) toward the error-rate alert
 * (functions/services/operations/alerts.ts), after the answer is sent. Registered beside the
 * request log, so it sees what every route, the error handler and the configuration check answered.
 */
export const serverErrorAlerts = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // The health check's 503 is its answer about the configuration (named there), polled by uptime
  // monitors and deploy scripts while a setting is missing: not a failure of a request.
  if (c.res.status < 500 || c.req.path === HEALTH_PATH) return;
  const pending = afterResponse(c, countServerError(c.env, { status: c.res.status, route: routePattern(c) }));
  if (pending) await pending;
});
