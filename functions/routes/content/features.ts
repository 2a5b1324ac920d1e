import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { listFeatures } from '#db/queries/site-content.ts';
import type { FeatureItem } from '#schemas/site-content.ts';

export const features = new Hono<AppEnv>().get('/', async (c) =>
  c.json((await listFeatures(c.var.db)) satisfies FeatureItem[]),
);
