import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../../lib/app-env.ts';
import { validate } from '../../lib/validate.ts';
import { idParam, subjectsQuery } from '../../../schemas/catalog.ts';
import { getSubject, listSubjects } from '../../../db/queries/catalog.ts';

export const subjects = new Hono<AppEnv>()
  .get('/', validate('query', subjectsQuery), async (c) => {
    return c.json(await listSubjects(c.var.db, c.req.valid('query')));
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const subject = await getSubject(c.var.db, c.req.valid('param').id);
    if (!subject) throw new HTTPException(404, { message: 'Subject not found' });
    return c.json(subject);
  });
