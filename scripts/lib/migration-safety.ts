// Expand, then contract (docs/decisions/021-deploys-gated-and-reversible.md).
//
// `npm run deploy` applies migrations before the new Worker is live, so for a while the previous
// release's code runs on the new schema; and a rollback (`wrangler rollback`) puts that code back on
// it for good. A migration may therefore only add: a table or column the previous release reads
// must still be there. Dropping or renaming one takes two releases: the first stops reading it (it
// leaves db/schema, and so every query Drizzle builds), the second drops it, and says so with a
// marker naming the first:
//
//   -- two-release plan: drops job_alerts.previous_digested_until; unread since 0012_stop_reading_window
//   -- two-release plan: drops legacy_table; unread since 0012_stop_reading_window
//
// The check applies the migrations one by one to an in-memory SQLite (node:sqlite), compares the
// tables and columns before and after each, and refuses a migration that removes any (a rename
// removes the old name) unless a marker names it and the named earlier migration's Drizzle snapshot
// (db/migrations/meta, the schema the code had then) no longer declares it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** One migration as the check reads it: its tag, its SQL, and the tables → columns its code declared. */
export interface Migration {
  tag: string;
  sql: string;
  /** Drizzle's snapshot after this migration: what db/schema (and so every query) named. */
  declared: Map<string, Set<string>>;
}

/** What a migration removes that the previous release may read, and why it is refused. */
export interface MigrationProblem {
  tag: string;
  removes: string;
  problem: string;
}

/** The marker of a two-release plan: `-- two-release plan: drops <table>[.<column>]; unread since <tag>`. */
const PLAN = /^--\s*two-release plan:\s*drops\s+([\w.]+)\s*;\s*unread since\s+(\S+)\s*$/gim;

/** The tables (and their columns) a database has, without SQLite's and FTS5's own tables. */
function schemaOf(db: DatabaseSync) {
  const tables = db
    .prepare(`select name, sql from sqlite_schema where type = 'table' and name not like 'sqlite_%'`)
    .all() as { name: string; sql: string | null }[];
  const virtual = tables.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name);
  // FTS5 keeps its index in shadow tables named after it; they come and go with it.
  const shadow = (name: string) =>
    virtual.some((v) =>
      ['_data', '_idx', '_content', '_docsize', '_config'].some((s) => name === `${v}${s}`),
    );
  const schema = new Map<string, Set<string>>();
  for (const { name } of tables) {
    if (shadow(name)) continue;
    const columns = db.prepare(`select name from pragma_table_info(?)`).all(name) as { name: string }[];
    schema.set(name, new Set(columns.map((c) => c.name)));
  }
  return schema;
}

/** Tables and `table.column`s present before and missing after. */
function removed(before: Map<string, Set<string>>, after: Map<string, Set<string>>) {
  const gone: string[] = [];
  for (const [table, columns] of before) {
    const now = after.get(table);
    if (!now) {
      gone.push(table);
      continue;
    }
    for (const column of columns) if (!now.has(column)) gone.push(`${table}.${column}`);
  }
  return gone;
}

/** Whether a Drizzle snapshot still declares a table (or `table.column`). */
function declares(declared: Map<string, Set<string>>, item: string) {
  const [table, column] = item.split('.') as [string, string | undefined];
  const columns = declared.get(table);
  return column === undefined ? columns !== undefined : (columns?.has(column) ?? false);
}

/** Every migration's removals checked against its plans. Empty: each migration only expands. */
export function migrationProblems(migrations: Migration[]): MigrationProblem[] {
  const problems: MigrationProblem[] = [];
  const db = new DatabaseSync(':memory:');
  try {
    let before = schemaOf(db);
    for (const [i, migration] of migrations.entries()) {
      db.exec(migration.sql);
      const after = schemaOf(db);
      const plans = new Map([...migration.sql.matchAll(PLAN)].map((m) => [m[1]!, m[2]!]));
      for (const item of removed(before, after)) {
        const since = plans.get(item);
        const earlier = migrations.slice(0, i).find((m) => m.tag === since);
        const problem =
          since === undefined
            ? 'the previous release still reads it: drop it in a later release, after one that stops reading it, with a "-- two-release plan:" marker'
            : !earlier
              ? `its plan names ${since}, which is not an earlier migration`
              : declares(earlier.declared, item)
                ? `its plan names ${since}, but the schema at ${since} still declares it (that release reads it)`
                : undefined;
        if (problem) problems.push({ tag: migration.tag, removes: item, problem });
      }
      before = after;
    }
  } finally {
    db.close();
  }
  return problems;
}

/** The project's migrations, in the journal's order, with their Drizzle snapshots. */
export function readMigrations(dir = 'db/migrations'): Migration[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  return journal.entries.map(({ idx, tag }) => {
    const snapshot = JSON.parse(
      readFileSync(join(dir, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
    ) as { tables: Record<string, { name: string; columns: Record<string, { name: string }> }> };
    const declared = new Map(
      Object.values(snapshot.tables).map((t) => [
        t.name,
        new Set(Object.values(t.columns).map((c) => c.name)),
      ]),
    );
    return { tag, sql: readFileSync(join(dir, `${tag}.sql`), 'utf8'), declared };
  });
}
