import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { devToolsAllowed } from '#functions/lib/config.ts';
import { notFound } from '#functions/middleware/errors.ts';
import { validate } from '#functions/lib/validate.ts';
import { listMailbox } from '#db/queries/outbox.ts';
import { normalizeEmail } from '#schemas/email.ts';
import type { MailboxMessage } from '#schemas/mail.ts';
import type { Wire } from '#schemas/responses.ts';
import type { EndpointListResponse } from '#schemas/endpoints.ts';
import { endpointCatalogue } from '#functions/endpoint-catalogue/catalogue.ts';

/**
 * Development-only tools. Unless ENVIRONMENT is development and the host is loopback, every route
 * answers exactly as an unknown API route does: nothing tells that it exists. `routeTable` is the
 * whole app's route table (read when asked, so it holds every router mounted after this one).
 */
export const devTools = (routeTable: () => readonly RouterRoute[]) =>
  new Hono<AppEnv>()
    .use(async (c, next) => {
      if (!devToolsAllowed(c.env, c.req.url)) return notFound(c);
      await next();
    })
    .get('/outbox', validate('query', z.object({ to: z.string().max(320).optional() })), async (c) => {
      const { to } = c.req.valid('query');
      const rows = await listMailbox(c.var.db, to ? normalizeEmail(to) : undefined);
      c.header('Cache-Control', 'no-store');
      return c.json(rows satisfies Wire<MailboxMessage>[]);
    })
    // Every API endpoint with a sample body, generated from the routes: what `npm run fuzz` fuzzes.
    .get('/endpoints', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(endpointCatalogue(routeTable()) satisfies EndpointListResponse);
    });
