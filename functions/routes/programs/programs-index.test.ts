import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { SQL } from 'drizzle-orm';
import { finderStatements } from '#db/queries/programs.ts';
import { programsQuery } from '#schemas/programs.ts';

// The finder's query plans (db/queries/programs.ts), pinned rather than timed: every read of
// `subjects` for counting and paging goes through a covering finder index (never the table's ~1 KB
// rows), the facet cube is the stored one or groups in index order without sorting, the page seeks a
// chosen country or walks an index in its order, text goes through subjects_fts, and only the
// page's rows are read by rowid.
//
// Reads the seed on purpose: no row is fetched (the filter values below are bind parameters the plans
// do not depend on), and the plans are those of the shipped catalogue, whose table statistics ANALYZE
// gathers; a handful of fixture programs would give the planner a different table to plan for.

async function plan(statement: SQL) {
  const { sql, params } = new SQLiteSyncDialect().sqlToQuery(statement);
  const { results } = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

describe('finder query plans', () => {
  it.each([
    ['no filter', ''],
    ['a country', 'country=united-kingdom'],
    ['a country and a level', 'country=ireland&level=Master&sort=name'],
    ['several countries', 'country=ireland,germany,united-kingdom&sort=fee'],
    ['a department and an intake', 'department=data-science-ai&intake=9&sort=intake'],
    ['text (trigram index)', 'q=data%20science'],
    ['short text', 'q=ms&duration=up-to-1-year'],
    ['a fee bound, in catalogue order', 'maxFee=20000&currency=GBP'],
    ['fee bounds, sorted by fee', 'minFee=10000&maxFee=30000&currency=GBP&sort=fee'],
    ['sorted by fee', 'sort=fee&page=3'],
    ['text, sorted by fee', 'q=science&sort=fee'],
    [
      'everything',
      'q=engineering&country=germany&level=Master&department=engineering&intake=10&duration=1-to-2-years&maxFee=50000&currency=EUR&sort=fee&page=2',
    ],
  ])('reads the covering index only, with and without table statistics: %s', async (_, qs) => {
    const query = programsQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
    const statements = finderStatements(query);
    for (const analyzed of [false, true]) {
      if (analyzed) await env.DB.exec('ANALYZE');
      // (`names` reads the small countries and departments tables whole: a dozen rows each.)
      for (const [name, statement] of Object.entries({ cube: statements.cube, page: statements.page })) {
        const steps = await plan(statement);
        // Without text or fee filters the cube is the stored one (finder_cube): no subject is read.
        if (name === 'cube' && !query.q && !query.currency) {
          expect(steps, `cube: ${steps.join(' | ')}`).toEqual(['SCAN finder_cube']);
          continue;
        }
        const subjectSteps = steps.filter((d) => /\b(SCAN|SEARCH) s\b/.test(d));
        const where = `${name} (${analyzed ? 'analyzed' : 'no statistics'}): ${steps.join(' | ')}`;
        expect(subjectSteps.length, where).toBeGreaterThan(0);
        for (const step of subjectSteps) {
          // The page's outer query reads its 12 rows by rowid; everything else, the covering index.
          expect(step, where).toMatch(
            /^(SEARCH|SCAN) s USING COVERING INDEX subjects_(finder|finder_order|fee_order|cube)_idx\b|^SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)$/,
          );
        }
        // A page in catalogue order walks the order index and sorts nothing; in another order it seeks
        // the chosen country. The cube reads every program once (its filters apply after).
        const inOrder = query.sort === 'relevance' && !(query.q && query.q.length >= 3);
        if (name === 'page' && inOrder) {
          // (The outer query sorts the page's 12 rows again; the walk choosing them sorts nothing.)
          const walk = steps.slice(0, steps.indexOf('SCAN page'));
          expect(
            walk.some((d) => /subjects_finder_order_idx/.test(d)) && !walk.some((d) => /TEMP B-TREE/.test(d)),
            where,
          ).toBe(true);
        }
        // Sorted by fee with no country chosen, it walks the fee order index and stops at the page.
        if (name === 'page' && query.sort === 'fee' && !query.country) {
          const walk = steps.slice(0, steps.indexOf('SCAN page'));
          expect(
            walk.some((d) => /subjects_fee_order_idx/.test(d)) && !walk.some((d) => /TEMP B-TREE/.test(d)),
            where,
          ).toBe(true);
        }
        if (name === 'page' && !inOrder && query.country)
          expect(
            subjectSteps.some((d) => d.includes('(is_active=? AND country_id=?')),
            where,
          ).toBe(true);
        // The cube groups in the index's own order: no sort.
        if (name === 'cube')
          expect(
            steps.some((d) => /TEMP B-TREE/.test(d)),
            where,
          ).toBe(false);
        if (query.q && query.q.length >= 3)
          expect(
            steps.some((d) => /SCAN subjects_fts VIRTUAL TABLE/.test(d)),
            where,
          ).toBe(true);
        expect(
          steps.filter((d) => /^SCAN (subjects|universities)\b/.test(d)),
          where,
        ).toEqual([]);
      }
    }
  });
});
