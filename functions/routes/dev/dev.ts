import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../lib/app-env.ts';
import { config } from '../../lib/config.ts';
import { validate } from '../../lib/validate.ts';
import { outbox } from '../../../db/schema/index.ts';
import { normalizeEmail } from '../../services/accounts.ts';

/** Development-only tools; every route answers 404 unless ENVIRONMENT is development. */
export const dev = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!config(c.env).isDevelopment) throw new HTTPException(404, { message: 'Not found' });
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
