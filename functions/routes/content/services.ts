import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { listServices } from '#db/queries/site-content.ts';
import type { ServicesResponse } from '#schemas/site-content.ts';

export const services = new Hono<AppEnv>().get('/', async (c) =>
  c.json({ success: true, data: await listServices(c.var.db) } satisfies ServicesResponse),
);
