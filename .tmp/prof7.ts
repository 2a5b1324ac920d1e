import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '/work/wt/finder/db/schema/index.ts';
import { findPrograms, finderStatements, foldFacets } from '/work/wt/finder/db/queries/programs.ts';
import { searchSubjects } from '/work/wt/finder/db/queries/catalog.ts';
import { programsQuery } from '/work/wt/finder/schemas/programs.ts';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
const dir = '/work/wt/finder/.wrangler/scale/v3/d1/miniflare-D1DatabaseObject';
const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')!;
const sqlite = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
const statement = (query: string, params: unknown[] = []) => ({
  bind: (...p: unknown[]) => statement(query, p),
  all: async () => ({ results: sqlite.prepare(query).all(...(params as never[])), success: true, meta: {} }),
  raw: async () => { const st = sqlite.prepare(query); st.setReturnArrays(true); return st.all(...(params as never[])); },
  run: async () => ({ results: [], success: true, meta: sqlite.prepare(query).run(...(params as never[])) }),
});
const d1 = { prepare: (query: string) => statement(query), batch: async (stmts: ReturnType<typeof statement>[]) => Promise.all(stmts.map((st) => st.all())) };
const db = drizzle(d1 as never, { schema });
const best = async (f: () => Promise<unknown> | unknown) => { let m = Infinity; for (let i = 0; i < 20; i++) { const t0 = performance.now(); await f(); m = Math.min(m, performance.now() - t0); } return m.toFixed(2); };
const q = programsQuery.parse({});
console.log('findPrograms', await best(() => findPrograms(db, q)));
console.log('searchSubjects', await best(() => searchSubjects(db, 'data', 20)));
const dd = new SQLiteSyncDialect();
const st = finderStatements(q, undefined);
const texts = Object.values(st).map((s) => dd.sqlToQuery(s));
console.log('batch via adapter', await best(() => d1.batch(texts.map((t) => statement(t.sql, t.params)))));
const [cells, , names] = (await d1.batch(texts.map((t) => statement(t.sql, t.params)))).map((r) => r.results) as never[][];
console.log('fold', await best(() => foldFacets(q, cells as never, names as never)), 'cells', cells.length);
