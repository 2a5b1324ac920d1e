import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { finderStatements } from '/work/wt/finder/db/queries/programs.ts';
import { programsQuery } from '/work/wt/finder/schemas/programs.ts';
const dir = '/work/wt/finder/.wrangler/scale/v3/d1/miniflare-D1DatabaseObject';
const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')!;
const db = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
const best = (sql: string, params: unknown[] = []) => { const p = db.prepare(sql); let m = Infinity; for (let i = 0; i < 30; i++) { const t0 = performance.now(); p.all(...(params as never[])); m = Math.min(m, performance.now() - t0); } return m.toFixed(2); };
for (const [label, sql] of [
  ['count', 'select count(*) from subjects s indexed by subjects_finder_idx where s.is_active = 1'],
  ['group country', 'select country_id, count(*) from subjects s indexed by subjects_finder_idx where s.is_active = 1 group by 1'],
  ['group degree', 'select degree_type, count(*) from subjects s indexed by subjects_finder_idx where s.is_active = 1 group by 1'],
  ['combos5', 'select country_id, department_id, degree_type, intake_months, duration_months, count(*) n from subjects s indexed by subjects_finder_idx where s.is_active = 1 group by 1,2,3,4,5'],
  ['12 sums', `select ${Array.from({ length: 12 }, (_, i) => `sum((s.intake_months & ${1 << i}) != 0)`).join(',')} from subjects s indexed by subjects_finder_idx where s.is_active = 1`],
  ['page temp sort', 'select rowid from subjects s indexed by subjects_finder_idx where s.is_active = 1 order by sort_order, name limit 12'],
]) console.log(label.padEnd(16), best(sql), 'ms');
const d = new SQLiteSyncDialect();
for (const qs of ['', 'country=united-kingdom', 'q=data', 'sort=fee', 'q=science&sort=fee&page=3']) {
  const q = programsQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
  const out = Object.entries(finderStatements(q, undefined)).map(([n, s]) => { const { sql, params } = d.sqlToQuery(s); return `${n} ${best(sql, params)}`; });
  console.log((qs || '(none)').padEnd(28), out.join('  '));
}
const q0 = programsQuery.parse({});
const { sql: full } = d.sqlToQuery(finderStatements(q0, undefined).counts);
const members = full.split(/\nunion all /);
members.forEach((m, i) => { const sql = i === 0 ? m : m.replace(/^select/, 'select'); try { console.log('member', i, best(i === 0 ? sql : 'select ' + sql.slice(sql.indexOf(' ') + 1)), 'ms', sql.slice(0, 90)); } catch (e) { console.log('member', i, (e as Error).message); } });
console.log(db.prepare('explain query plan ' + full).all().map((r: any) => r.detail).join(' | '));
