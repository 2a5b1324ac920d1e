/**
 * Empties the test Worker's D1 database and R2 bucket. The API tests run with Vitest's
 * `isolate: false` (vitest.config.ts): one workerd runs test file after test file over the same
 * storage, so each file starts by wiping what the previous one left, then applies the migrations
 * and the seed as a fresh database would have them (functions/test/setup.ts).
 */
export async function resetStorage(db: D1Database, bucket: R2Bucket) {
  await dropAllTables(db);
  await emptyBucket(bucket);
}

async function dropAllTables(db: D1Database) {
  // In the order they were made, so that dropped last-first a table goes before those it refers to.
  const { results } = await db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
       WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       ORDER BY rowid DESC`,
    )
    .all<{ type: string; name: string; sql: string | null }>();
  if (results.length === 0) return;
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const virtual = results.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? '')).map((t) => t.name);
  // A full-text index's own tables (subjects_fts_data, …) go with it and may not be dropped alone.
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
  const drops = [
    // Triggers first: none may fire into a table already gone.
    ...results.filter((t) => t.type === 'trigger').map((t) => `DROP TRIGGER ${quote(t.name)}`),
    ...results.filter((t) => t.type === 'view').map((t) => `DROP VIEW ${quote(t.name)}`),
    ...virtual.map((name) => `DROP TABLE ${quote(name)}`),
    ...results
      .filter((t) => t.type === 'table' && !virtual.includes(t.name) && !shadow(t.name))
      .map((t) => `DROP TABLE ${quote(t.name)}`),
  ];
  // One batch is one transaction: foreign keys are checked at its end, when every table is gone.
  await db.batch([db.prepare('PRAGMA defer_foreign_keys = on'), ...drops.map((sql) => db.prepare(sql))]);
}

async function emptyBucket(bucket: R2Bucket) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
