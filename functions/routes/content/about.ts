import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { getBlock } from '#db/queries/site-content.ts';
import type { AboutResponse } from '#schemas/site-content.ts';

export const about = new Hono<AppEnv>().get('/', async (c) => {
  const data = await getBlock(c.var.db, 'about');
  if (!data) throw new HTTPException(404, { message: 'About content not found' });
  return c.json({ success: true, stats: data.stats, companyInfo: data.companyInfo } satisfies AboutResponse);
});
