import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { publicCache } from '#functions/middleware/cache.ts';
import { getBlock } from '#db/queries/site-content.ts';
import { toRecruitmentServicesRecord, type RecruitmentServicesRecord } from '#schemas/recruitment.ts';

/** The recruitment services record, as a one-element array (the spec's client uses the first). */
export const recruitmentServices = new Hono<AppEnv>().get('/', publicCache, async (c) => {
  const block = await getBlock(c.var.db, 'recruitmentServices');
  if (!block) return c.json([] satisfies RecruitmentServicesRecord[]);
  return c.json([toRecruitmentServicesRecord(block)] satisfies RecruitmentServicesRecord[]);
});
