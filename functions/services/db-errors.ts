/**
 * Whether a failed write broke a UNIQUE index. Handlers insert first and let the index decide
 * (no read-then-write race); D1's error may arrive wrapped by Drizzle, so the causes are walked.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (/UNIQUE constraint failed/i.test(e.message)) return true;
  return false;
}
