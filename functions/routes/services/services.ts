import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { listServices } from '#db/queries/site-content.ts';

export const services = new Hono<AppEnv>().get('/', async (c) =>
  c.json({ success: true as const, data: await listServices(c.var.db) }),
);
