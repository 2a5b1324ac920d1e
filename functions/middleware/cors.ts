import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { BOOKMARK_HEADER } from './db.ts';

/**
 * CORS for /api/*: only the site's own origin (SITE_URL) may read responses cross-origin. Any
 * other origin gets no Access-Control-Allow-Origin, so browsers keep the answer from its script.
 */
export const apiCors = createMiddleware<AppEnv>(async (c, next) =>
  cors({
    origin: (origin) => (origin && origin === new URL(c.env.SITE_URL).origin ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Content-Type', 'Authorization', 'X-Applicant-Token', BOOKMARK_HEADER],
    exposeHeaders: ['X-Renewed-Token', BOOKMARK_HEADER, 'X-Request-Id'],
    maxAge: 600,
  })(c, next),
);
