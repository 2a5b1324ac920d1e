import { getTableColumns } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client.ts';

/**
 * D1 binds at most 100 parameters to one statement; past that the statement fails ("too many SQL
 * variables") and the request would answer 500. Every list that becomes parameters (a multi-row
 * insert, an IN list) is split here, so no caller has to remember the number.
 */
export const D1_MAX_PARAMS = 100;

/** Ids per IN list: the limit less room for the statement's other parameters. */
export const IN_LIST_MAX = 90;

/** The list in consecutive pieces of at most `size` (none for an empty list). */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a whole number ≥ 1`);
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * A read over an IN list of any length: `read` runs once per chunk of at most IN_LIST_MAX values
 * (one after another, so a long list never opens many queries at once) and the rows are joined.
 */
export async function readInChunks<T, R>(
  values: readonly T[],
  read: (chunk: T[]) => Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  for (const chunk of chunks(values, IN_LIST_MAX)) out.push(...(await read(chunk)));
  return out;
}

/**
 * Rows per multi-row insert into `table`: Drizzle binds one parameter per column of every row
 * (a column the row leaves out may still bind its default), so the table's column count bounds it.
 */
export const rowsPerInsert = (table: SQLiteTable) =>
  Math.max(1, Math.floor(D1_MAX_PARAMS / Object.keys(getTableColumns(table)).length));

/**
 * Inserts of `rows` into `table` as statements, not yet run, each under D1's limit: the caller
 * puts them in one batch with the rest of its write (a batch is one transaction).
 */
export function insertInChunks<T extends SQLiteTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): BatchItem<'sqlite'>[] {
  return chunks(rows, rowsPerInsert(table)).map((chunk) => db.insert(table).values(chunk as never));
}
