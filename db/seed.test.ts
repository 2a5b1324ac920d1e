import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { createDb } from './client.ts';
import { seedDatabase, validateContent } from './seed.ts';
import { rawContent } from '#functions/test/content.ts';

const tables = [
  'countries',
  'universities',
  'scholarships',
  'departments',
  'subjects',
  'features',
  'services',
  'offices',
  'team_members',
  'strategies',
  'employer_categories',
  'jobs',
  'content_blocks',
];

async function counts() {
  const db = createDb(env.DB);
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db.all<{ n: number }>(sql.raw(`select count(*) as n from ${table}`));
    out[table] = row!.n;
  }
  return out;
}

// Reads the seed on purpose: the seed (content/*.json and db/seed.ts) is what this file tests, so its
// counts and rows are the expected values here and nowhere else.
describe('seed', () => {
  it('loads the required amounts of content', async () => {
    const c = await counts();
    expect(c).toMatchObject({
      subjects: 80,
      features: 6,
      offices: 5,
      team_members: 5,
      strategies: 4,
      employer_categories: 16,
      jobs: 12,
    });
    expect(c.countries).toBeGreaterThanOrEqual(12);
    expect(c.universities).toBeGreaterThanOrEqual(15);
    expect(c.departments).toBeGreaterThanOrEqual(10);
  });

  it('is idempotent: seeding again changes no row counts and keeps edits', async () => {
    const db = createDb(env.DB);
    await db.run(
      sql`update subjects set name = 'Edited by staff' where id = (select id from subjects order by sort_order limit 1)`,
    );
    const before = await counts();
    await seedDatabase(db, validateContent(rawContent));
    expect(await counts()).toEqual(before);
    const [row] = await db.all<{ name: string }>(sql`select name from subjects order by sort_order limit 1`);
    expect(row!.name).toBe('Edited by staff');
  });

  it('rejects a broken content file with a message naming the file and field', () => {
    const broken = structuredClone(rawContent) as Record<string, unknown>;
    const subjects = broken['subjects.json'] as Record<string, unknown>[];
    subjects[2] = { ...subjects[2], currency: 'pounds' };
    expect(() => validateContent(broken)).toThrow(
      /content\/subjects\.json: 2\.currency must be an ISO currency code/,
    );

    const dangling = structuredClone(rawContent) as Record<string, unknown>;
    (dangling['subjects.json'] as Record<string, unknown>[])[0]!.universityId = 'no-such-university';
    expect(() => validateContent(dangling)).toThrow(
      /content\/subjects\.json: 0\.universityId "no-such-university" is not a university/,
    );

    const missing = structuredClone(rawContent) as Record<string, unknown>;
    delete missing['offices.json'];
    expect(() => validateContent(missing)).toThrow('content/offices.json: (whole file) is missing');
  });
});
