import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { finderStatements } from '/work/wt/finder/db/queries/programs.ts';
import { programsQuery } from '/work/wt/finder/schemas/programs.ts';
const dir = '/work/wt/finder/.wrangler/scale/v3/d1/miniflare-D1DatabaseObject';
const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')!;
const db = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
console.log('subjects', db.prepare('select count(*) n from subjects').get());
const d = new SQLiteSyncDialect();
for (const qs of ['', 'country=united-kingdom', 'q=data', 'sort=fee']) {
  const q = programsQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
  const st = finderStatements(q, undefined);
  for (const [name, s] of Object.entries(st)) {
    const { sql, params } = d.sqlToQuery(s);
    const p = db.prepare(sql);
    p.all(...(params as never[]));
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) p.all(...(params as never[]));
    console.log(qs || '(none)', name, ((performance.now() - t0) / 10).toFixed(2), 'ms');
  }
}
