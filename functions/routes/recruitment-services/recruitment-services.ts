import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { publicCache } from '#functions/middleware/cache.ts';
import { getBlock } from '#db/queries/site-content.ts';
import type { RecruitmentServicesRecord } from '#schemas/recruitment.ts';

/** The recruitment services record, as a one-element array (the spec's client uses the first). */
export const recruitmentServices = new Hono<AppEnv>().get('/', publicCache, async (c) => {
  const block = await getBlock(c.var.db, 'recruitmentServices');
  if (!block) return c.json([] satisfies RecruitmentServicesRecord[]);
  const record: RecruitmentServicesRecord = {
    _id: 'recruitment-services',
    title: block.title,
    description: block.description,
    mainImage: block.mainImage,
    services: block.services.map(({ id, ...s }) => ({ _id: id, ...s })),
  };
  return c.json([record] satisfies RecruitmentServicesRecord[]);
});
