// The funnel's query plans (db/queries/insight.ts funnelStatements), pinned rather than timed:
// every read of the history goes through an index that holds every column the statement needs
// (never the table's rows, nor another table's per row), a cohort reads first arrivals or the
// filtered programs' and jobs' rows, and a source is a test on the index entry. With and without table statistics:
// D1 need not have run ANALYZE.
import { env } from 'cloudflare:test';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { funnelStatements } from '#db/queries/insight.ts';
import { insightQuery } from '#schemas/admin/insight.ts';

async function plan(statement: Parameters<SQLiteSyncDialect['sqlToQuery']>[0]) {
  const { sql, params } = new SQLiteSyncDialect().sqlToQuery(statement);
  const { results } = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return { sql, steps: results.map((r) => r.detail) };
}

describe('funnel query plans', () => {
  it.each([
    ['students', 'kind=students'],
    ['students of a country', 'kind=students&country=ireland'],
    ['students of a department and a source', 'kind=students&department=engineering&source=newsletter'],
    ['students of a campaign source', 'kind=students&source=newsletter'],
    ['students who came direct', 'kind=students&source=direct'],
    ['jobs', 'kind=jobs'],
    ['jobs of a category', 'kind=jobs&department=Care'],
    ['partners', 'kind=partners'],
  ])('reads covering indexes of the history only: %s', async (_, qs) => {
    const q = insightQuery.parse({
      from: '2031-01-01',
      to: '2031-12-31',
      ...Object.fromEntries(new URLSearchParams(qs)),
    });
    for (const analyzed of [false, true]) {
      if (analyzed) await env.DB.exec('ANALYZE');
      for (const statement of funnelStatements(q, 'Europe/London')) {
        const { sql, steps } = await plan(statement);
        const where = `${analyzed ? 'analyzed' : 'no statistics'}: ${steps.join(' | ')}`;
        const history = steps.filter((d) => /\b(SCAN|SEARCH) h\b/.test(d));
        expect(history.length, where).toBe(1);
        expect(
          steps.filter((d) => /arrival_sources/.test(d)),
          where,
        ).toEqual([]);
        expect(history[0], where).toMatch(/^SEARCH h USING COVERING INDEX status_changes_\w+_idx/);
        // A step narrowed to programs or jobs reads only their rows.
        if (sql.includes('h.target_id in')) expect(history[0], where).toContain('status_changes_target_idx');
        else if (sql.includes('first_arrival = 1'))
          expect(history[0], where).toContain('status_changes_cohort_idx');
      }
    }
  });
});
