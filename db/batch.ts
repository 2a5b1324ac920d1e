import { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './client.ts';

const dialect = new SQLiteAsyncDialect();

/** A statement for `batch`: raw SQL or a Drizzle query builder. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * Runs statements as one D1 batch (a transaction: all or nothing), mixing raw SQL with Drizzle
 * queries. Drizzle's own `db.batch` cannot bind parameters of raw SQL (`db.run(sql…)`), and the
 * conditional inserts in db/queries/codes.ts need raw SQL (`insert … select … where`).
 */
export function batch(db: Db, statements: readonly Statement[]): Promise<D1Result[]> {
  const d1 = db.$client;
  return d1.batch(
    statements.map((statement) => {
      const query = statement instanceof SQL ? dialect.sqlToQuery(statement) : statement.toSQL();
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}
