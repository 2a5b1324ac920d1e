import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { createMailer } from '../services/mail/mailer.ts';
import { createLimiter } from './rate-limit.ts';

/**
 * The mailer and the rate limiter of one request, built once here (after `database`, over the
 * request's D1 session) and read by routes as `c.var.mailer` and `c.var.limiter`.
 */
export const requestServices = createMiddleware<AppEnv>(async (c, next) => {
  c.set('mailer', createMailer(c.var.db, c.env));
  c.set('limiter', createLimiter(c.var.db, c.req.raw.headers, c.env));
  await next();
});
