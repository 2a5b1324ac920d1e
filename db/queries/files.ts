import { desc, eq, getTableColumns, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../client.ts';
import { IN_LIST_MAX, readInChunks } from '../d1-limits.ts';
import {
  contentBlocks,
  countries,
  departments,
  documents,
  features,
  jobApplications,
  jobs,
  offices,
  publishEvents,
  scholarships,
  services,
  strategies,
  subjects,
  teamMembers,
  universities,
} from '../schema/index.ts';

/**
 * Every place the schema keeps a stored file (an R2 object), by key prefix. The orphaned-file sweep
 * (functions/services/files/orphaned-files.ts) deletes an object only when nothing here references it.
 * A new column that holds an R2 key, or a new table whose text may embed an uploaded image's URL,
 * must be added here (db/queries/files.test.ts fails on a column that looks like one and is not).
 */
export const fileReferences = {
  /** Students' documents: `documents/<userId>/<uuid>.<ext>` in documents.object_key. */
  'documents/': { kind: 'column', column: documents.objectKey },
  /** Applicants' CVs: `resumes/<jobId>/<uuid>.<ext>` in job_applications.resume_key. */
  'resumes/': { kind: 'column', column: jobApplications.resumeKey },
  /** Staff-uploaded images, served at `/api/files/images/<uuid>.<ext>` and embedded in content text and JSON. */
  'images/': { kind: 'embedded' },
} as const satisfies Record<string, { kind: 'column'; column: SQLiteColumn } | { kind: 'embedded' }>;

export type FilePrefix = keyof typeof fileReferences;

/** The content tables, whose text columns may embed an uploaded image's URL. */
export const imageReferencingTables: SQLiteTable[] = [
  countries,
  universities,
  scholarships,
  departments,
  subjects,
  features,
  services,
  offices,
  teamMembers,
  strategies,
  contentBlocks,
  jobs,
];

/** Keys checked per statement: one IN list (db/d1-limits.ts). */
export const KEYS_PER_QUERY = IN_LIST_MAX;

/** Which of `keys` (all under a column-referenced prefix) still have a row. */
export async function keysWithRows(db: Db, prefix: Exclude<FilePrefix, 'images/'>, keys: string[]) {
  const { column } = fileReferences[prefix];
  const rows = await readInChunks(keys, (chunk) =>
    db
      .select({ key: sql<string>`${column}` })
      .from(column.table)
      .where(inArray(column, chunk)),
  );
  return new Set(rows.map((row) => row.key));
}

const IMAGE_KEY = /images\/[0-9a-f-]{36}\.(?:jpg|png)/g;

function textColumns(table: SQLiteTable) {
  return Object.values(getTableColumns(table) as Record<string, SQLiteColumn>).filter(
    (c) => c.columnType === 'SQLiteText' || c.columnType === 'SQLiteTextJson',
  );
}

/** The statements imageReferences makes (two a table that can show an image). */
export const imageReferenceQueries = () => imageReferencingTables.length * 2;

/**
 * The uploaded images the content references (`images/<uuid>.<ext>` found in any text column of a
 * content table), and when content last changed. One pass per table, returning only rows that
 * mention an image.
 */
export async function imageReferences(db: Db) {
  const keys = new Set<string>();
  let lastChange = 0;
  for (const table of imageReferencingTables) {
    const columns = textColumns(table);
    const mentions = or(...columns.map((c) => sql`instr(${c}, 'images/') > 0`)) as SQL;
    const [rows, [changed]] = await Promise.all([
      db
        .select(Object.fromEntries(columns.map((c) => [c.name, sql<string | null>`${c}`])))
        .from(table)
        .where(mentions),
      db.select({ at: max((getTableColumns(table) as Record<string, SQLiteColumn>).updatedAt!) }).from(table),
    ]);
    for (const row of rows)
      for (const value of Object.values(row))
        for (const m of String(value ?? '').matchAll(IMAGE_KEY)) keys.add(m[0]);
    const at = changed?.at;
    lastChange = Math.max(lastChange, at instanceof Date ? at.getTime() : Number(at ?? 0));
  }
  return { keys, lastContentChange: new Date(lastChange) };
}

/** When the live static site was last built (the back office's Publish, or `npm run publish`). */
export async function lastBuildAt(db: Db) {
  const [row] = await db
    .select({ at: publishEvents.createdAt })
    .from(publishEvents)
    .where(eq(publishEvents.kind, 'built'))
    .orderBy(desc(publishEvents.createdAt))
    .limit(1);
  return row?.at ?? null;
}
