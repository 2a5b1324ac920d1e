import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { idParam } from '#schemas/catalog.ts';
import {
  compareQuery,
  programsQuery,
  type CompareResponse,
  type ProgramCostsResponse,
  type ProgramsResponse,
} from '#schemas/programs.ts';
import { findPrograms } from '#db/queries/programs.ts';
import { comparePrograms, programCosts } from '#db/queries/costs.ts';

/**
 * The program finder: filtered, faceted, paged programs; programs side by side with
 * their cost inputs; one program's cost inputs. Public reads, cached like the catalogue.
 */
export const programs = new Hono<AppEnv>()
  .get('/', validate('query', programsQuery), async (c) => {
    return c.json((await findPrograms(c.var.db, c.req.valid('query'))) satisfies ProgramsResponse);
  })
  // Before '/:id/costs': "compare" is a word, not a program id.
  .get('/compare', validate('query', compareQuery), async (c) => {
    const { items, unknown, rates } = await comparePrograms(c.var.db, c.req.valid('query').ids);
    if (unknown.length) {
      const list = unknown.map((id) => `"${id}"`).join(', ');
      throw new HTTPException(404, {
        message: `We could not find ${unknown.length === 1 ? 'the program' : 'the programs'} ${list}. ${unknown.length === 1 ? 'It may have been removed' : 'They may have been removed'}: choose programs again from the course finder.`,
      });
    }
    return c.json({ items, rates } satisfies CompareResponse);
  })
  .get('/:id/costs', validate('param', idParam), async (c) => {
    const found = await programCosts(c.var.db, c.req.valid('param').id);
    if (!found) throw new HTTPException(404, { message: 'Subject not found' });
    return c.json(found satisfies ProgramCostsResponse);
  });
