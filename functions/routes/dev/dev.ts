import { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../lib/app-env.ts';
import { devToolsAllowed } from '../../lib/config.ts';
import { notFound } from '../../middleware/errors.ts';
import { validate } from '../../lib/validate.ts';
import { outbox } from '../../../db/schema/index.ts';
import { normalizeEmail } from '../../services/accounts.ts';

/**
 * Development-only tools. Unless ENVIRONMENT is development and the host is loopback, every route
 * answers exactly as an unknown API route does: nothing tells that it exists.
 */
export const dev = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!devToolsAllowed(c.env, c.req.url)) return notFound(c);
    await next();
  })
  .get('/outbox', validate('query', z.object({ to: z.string().max(320).optional() })), async (c) => {
    const { to } = c.req.valid('query');
    const rows = await c.var.db
      .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, html: outbox.html, createdAt: outbox.createdAt })
      .from(outbox)
      .where(to ? eq(outbox.to, normalizeEmail(to)) : undefined)
      .orderBy(desc(outbox.createdAt))
      .limit(100);
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  });
