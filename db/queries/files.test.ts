// Guards the orphaned-file sweep: a column that looks like it holds a stored file must be known to
// db/queries/files.ts, or the sweep would delete the files it points at.
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../schema/index.ts';
import { fileReferences, imageReferencingTables } from './files.ts';

/** Columns whose names look like file references but are not (each with the reason). */
const notFiles = new Set([
  'rate_limits.key', // a rate-limit bucket name
  'outbox.attachments', // an e-mail's attachments, their bytes kept in the row with its body (no stored file)
]);
const looksLikeFile =
  /(^|_)(key|object|resume|file|image|logo|photo|avatar|attachment|document|universityimage)s?($|_)/i;

describe('file references (db/queries/files.ts)', () => {
  it('every column that looks like a stored file is referenced by the orphaned-file sweep', () => {
    const exact = Object.values(fileReferences).flatMap((r) => ('column' in r ? [r.column] : []));
    // A table with a key column is covered whole (its other file columns are the key's metadata);
    // content tables are scanned in every text column.
    const scanned = new Set([
      ...exact.map((c) => getTableName(c.table)),
      ...imageReferencingTables.map((t) => getTableName(t)),
    ]);
    const unknown: string[] = [];
    for (const table of (Object.values(schema) as unknown[]).filter((v): v is SQLiteTable =>
      is(v, SQLiteTable),
    )) {
      const name = getTableName(table);
      for (const column of Object.values(getTableColumns(table)) as SQLiteColumn[]) {
        const id = `${name}.${column.name}`;
        if (!looksLikeFile.test(column.name) || scanned.has(name) || notFiles.has(id)) continue;
        unknown.push(id);
      }
    }
    expect(unknown).toEqual([]);
  });
});
