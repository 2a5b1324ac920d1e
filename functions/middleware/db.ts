import { createMiddleware } from 'hono/factory';
import { createDb } from '../../db/client.ts';
import type { AppEnv } from '../lib/app-env.ts';

/** One Drizzle instance per request over the D1 binding. */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  c.set('db', createDb(c.env.DB));
  await next();
});
