import { sql, type SQLWrapper } from 'drizzle-orm';
// Helpers shared by the two searches over FTS5 trigram indexes (subjects_fts, jobs_fts).

/** `"…"` quoted for FTS5: the whole query is one phrase, so FTS5's own syntax (AND, OR, NEAR,
 *  *, ^, -, column:) in what a person typed is read as plain text. */
export const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`;

/** `%…%` with LIKE's own wildcards escaped (used with `escape '\\'`), so % and _ match literally. */
export const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The trigram index answers substrings of 3 or more characters. Counted in code points, not UTF-16
 * units: two emoji are 4 units but 2 characters, which a trigram query can't match.
 */
export const trigramSearchable = (q: string) => [...q].length >= 3;

/** LIKE patterns (with `escape '\\'`) for text holding a word that starts with `q`: at the start, or after a space. */
export const likeWordStart = (q: string) => {
  const escaped = q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return [`${escaped}%`, `% ${escaped}%`] as const;
};

/**
 * Case-insensitive substring match of a search needle (functions/routes/admin/shared.ts searchNeedle).
 * Raw SQL because Drizzle has no `instr`; `like` would need the needle's wildcards escaped.
 */
export const contains = (column: SQLWrapper, needle: string) => sql`instr(lower(${column}), ${needle}) > 0`;
