import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import {
  SAVED_FULL_MESSAGE,
  mergeSavedSchema,
  savedProgramParam,
  type SaveResponse,
  type SavedProgramsMergeResponse,
  type SavedProgramsResponse,
} from '#schemas/saved-programs.ts';
import {
  countSaved,
  listSavedPrograms,
  mergeSavedPrograms,
  saveProgram,
  unsaveProgram,
} from '#db/queries/saved-programs.ts';

const noStore = { 'Cache-Control': 'private, no-store' };

/** A signed-in student's saved programs; visitors keep theirs in the browser. */
export const savedPrograms = new Hono<AppEnv>()
  .use(requireAuth('student'))
  .get('/', async (c) =>
    c.json((await listSavedPrograms(c.var.db, c.var.auth.sub)) satisfies SavedProgramsResponse, 200, noStore),
  )
  // The visitor's list, merged at sign-in: answers the whole merged list.
  .post('/merge', validate('json', mergeSavedSchema), async (c) => {
    const result = await mergeSavedPrograms(c.var.db, c.var.auth.sub, c.req.valid('json').subjectIds);
    return c.json(
      {
        ...(await listSavedPrograms(c.var.db, c.var.auth.sub)),
        ...result,
      } satisfies SavedProgramsMergeResponse,
      200,
      noStore,
    );
  })
  .put('/:subjectId', validate('param', savedProgramParam), async (c) => {
    const userId = c.var.auth.sub;
    const outcome = await saveProgram(c.var.db, userId, c.req.valid('param').subjectId);
    if (outcome === 'unknown') throw new HTTPException(404, { message: 'Subject not found' });
    if (outcome === 'full') throw new HTTPException(409, { message: SAVED_FULL_MESSAGE });
    return c.json(
      { success: true, saved: true, count: await countSaved(c.var.db, userId) } satisfies SaveResponse,
      outcome === 'saved' ? 201 : 200,
      noStore,
    );
  })
  .delete('/:subjectId', validate('param', savedProgramParam), async (c) => {
    const userId = c.var.auth.sub;
    await unsaveProgram(c.var.db, userId, c.req.valid('param').subjectId);
    return c.json(
      { success: true, saved: false, count: await countSaved(c.var.db, userId) } satisfies SaveResponse,
      200,
      noStore,
    );
  });
