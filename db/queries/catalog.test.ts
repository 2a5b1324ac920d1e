// The page fallback (functions/routes/pages/fallback.ts) answers 200 or 404 for a page built after
// the last publish by asking whether its item exists.
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../client.ts';
import { countries } from '../schema/index.ts';
import { pageItemExists } from './catalog.ts';

const db = createDb(env.DB);

describe('pageItemExists', () => {
  it('finds a country by id and not an unknown one', async () => {
    const id = `test-${crypto.randomUUID()}`;
    expect(await pageItemExists(db, 'countries', id)).toBe(false);
    const about = { countryOverview: [], educationSystem: [], studentLife: [], visaInfo: [] };
    await db
      .insert(countries)
      .values({ id, name: 'Testland', code: 'TL', flag: '', image: '', details: '', capital: 'Test', about });
    try {
      expect(await pageItemExists(db, 'countries', id)).toBe(true);
      expect(await pageItemExists(db, 'subjects', id)).toBe(false);
    } finally {
      await db.delete(countries).where(eq(countries.id, id));
    }
  });
});
