import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { finderStatements } from '/work/wt/finder/db/queries/programs.ts';
import { programsQuery } from '/work/wt/finder/schemas/programs.ts';
import { finderQueries } from '/work/wt/finder/scripts/perf/finder.ts';
const dir = '/work/wt/finder/.wrangler/scale/v3/d1/miniflare-D1DatabaseObject';
const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')!;
const db = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
const best = (sql: string, params: unknown[] = []) => { const p = db.prepare(sql); let m = Infinity; let rows = 0; for (let i = 0; i < 20; i++) { const t0 = performance.now(); rows = p.all(...(params as never[])).length; m = Math.min(m, performance.now() - t0); } return `${m.toFixed(2)}(${rows})`; };
const d = new SQLiteSyncDialect();
const rates = { GBP: 744_000n, USD: 1_000_000n, EUR: 852_000n, CAD: 1_392_000n, AUD: 1_515_000n, NZD: 1_720_000n, SEK: 9_380_000n, MYR: 4_210_000n };
const { feeBounds } = await import('/work/wt/finder/db/queries/programs.ts');
for (const qs of finderQueries) {
  const q = programsQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
  const out = Object.entries(finderStatements(q, feeBounds(q, rates))).map(([n, s]) => { const { sql, params } = d.sqlToQuery(s); return `${n} ${best(sql, params)}`; });
  console.log((qs || '(none)').slice(0, 50).padEnd(50), out.join('  '));
}
