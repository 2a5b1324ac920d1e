import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  idParam,
  subjectSearchQuery,
  subjectsQuery,
  type SubjectDto,
  type SubjectSearchResponse,
} from '#schemas/catalog.ts';
import { getSubject, listSubjects, searchSubjects } from '#db/queries/catalog.ts';
import { wholeSubjectsList } from '#functions/services/catalogue/subjects-copy.ts';

export const subjects = new Hono<AppEnv>()
  .get('/', validate('query', subjectsQuery), async (c) => {
    const filter = c.req.valid('query');
    // The whole list comes from its stored copy; a country's or the first N are small reads.
    if (!filter.countryId && !filter.limit)
      return c.body(await wholeSubjectsList(c), 200, { 'Content-Type': 'application/json' });
    return c.json((await listSubjects(c.var.db, filter)) satisfies SubjectDto[]);
  })
  // Before '/:id': "search" is a reserved word, not a subject slug.
  .get('/search', validate('query', subjectSearchQuery), async (c) => {
    const { q, limit } = c.req.valid('query');
    if (!q.trim()) return c.json({ results: [], total: 0 } satisfies SubjectSearchResponse);
    return c.json((await searchSubjects(c.var.db, q, limit)) satisfies SubjectSearchResponse);
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const subject = await getSubject(c.var.db, c.req.valid('param').id);
    if (!subject) throw new HTTPException(404, { message: 'Subject not found' });
    return c.json(subject satisfies SubjectDto);
  });
