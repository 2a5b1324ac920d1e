import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { idParam, type CountryDto } from '#schemas/catalog.ts';
import { getCountry, listCountries } from '#db/queries/catalog.ts';

export const countries = new Hono<AppEnv>()
  .get('/', async (c) => c.json((await listCountries(c.var.db)) satisfies CountryDto[]))
  .get('/:id', validate('param', idParam), async (c) => {
    const country = await getCountry(c.var.db, c.req.valid('param').id);
    if (!country) throw new HTTPException(404, { message: 'Country not found' });
    return c.json(country satisfies CountryDto);
  });
