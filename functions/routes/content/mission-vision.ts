import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { getMissionVision } from '#db/queries/site-content.ts';
import type { MissionVisionResponse } from '#schemas/site-content.ts';

/** Served at both /api/missionvission and /api/about-mission-vision (the spec's two clients). */
export const missionVision = new Hono<AppEnv>().get('/', async (c) => {
  const data = await getMissionVision(c.var.db);
  if (!data) throw new HTTPException(404, { message: 'Mission and vision content not found' });
  return c.json({ success: true, data } satisfies MissionVisionResponse);
});
