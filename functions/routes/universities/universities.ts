import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { idParam, type UniversityDto } from '#schemas/catalog.ts';
import { getUniversity, listUniversities } from '#db/queries/catalog.ts';

export const universities = new Hono<AppEnv>()
  .get('/', async (c) => c.json((await listUniversities(c.var.db)) satisfies UniversityDto[]))
  .get('/:id', validate('param', idParam), async (c) => {
    const university = await getUniversity(c.var.db, c.req.valid('param').id);
    if (!university) throw new HTTPException(404, { message: 'University not found' });
    return c.json(university satisfies UniversityDto);
  });
