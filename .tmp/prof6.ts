import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { finderStatements, feeBounds } from '/work/wt/finder/db/queries/programs.ts';
import { programsQuery } from '/work/wt/finder/schemas/programs.ts';
const dir = '/work/wt/finder/.wrangler/scale/v3/d1/miniflare-D1DatabaseObject';
const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')!;
const db = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
const d = new SQLiteSyncDialect();
const best = (f: () => void) => { let m = Infinity; for (let i = 0; i < 20; i++) { const t0 = performance.now(); f(); m = Math.min(m, performance.now() - t0); } return m.toFixed(2); };
for (const qs of ['', 'q=data', 'maxFee=20000&currency=GBP', 'sort=fee']) {
  const q = programsQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
  const rates = { GBP: 744_000n, USD: 1_000_000n, EUR: 852_000n, CAD: 1_392_000n, AUD: 1_515_000n, NZD: 1_720_000n, SEK: 9_380_000n, MYR: 4_210_000n };
  const st = finderStatements(q, feeBounds(q, rates));
  const out = Object.entries(st).map(([n, s]) => { const { sql, params } = d.sqlToQuery(s); return `${n} prep ${best(() => db.prepare(sql))} prep+run ${best(() => db.prepare(sql).all(...(params as never[])))}`; });
  console.log((qs || '(none)').padEnd(26), 'build', best(() => { const s2 = finderStatements(q, feeBounds(q, rates)); Object.values(s2).forEach((s) => d.sqlToQuery(s)); }), out.join(' | '));
}
