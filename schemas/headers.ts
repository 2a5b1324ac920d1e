// No imports: the browser's fetch helper (site/lib/api.ts, in every island) reads this module, and
// must not pull zod in with it.

/**
 * The header that carries a D1 session bookmark both ways (functions/middleware/db.ts answers with
 * it; site/lib/api.ts keeps it and sends it back), so a person reads their own writes.
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';
