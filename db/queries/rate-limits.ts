import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rateLimits } from '../schema/index.ts';

/**
 * Counts one event on the counter `key` (functions/services/security/rate-limit.ts `hit`): starts a
 * new window when the old one has ended, else adds one only while the count is below `max`. The row
 * when the hit was counted; undefined when it was refused (and nothing changed).
 */
export async function countHit(db: Db, key: string, max: number, windowMs: number, now: number) {
  // Raw SQL (docs/decisions/013): one conditional upsert decides; every `set` is a `case` over the
  // stored row and the `where` of `do update` is the limit, so Drizzle's builder would only wrap
  // the same text in sql fragments.
  const [row] = await db.all<{ window_start: number; count: number }>(sql`
    insert into rate_limits (key, window_start, count, expires_at, created_at, updated_at)
    values (${key}, ${now}, 1, ${now + windowMs}, ${now}, ${now})
    on conflict(key) do update set
      count = case when rate_limits.window_start <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${now - windowMs} then ${now} else rate_limits.window_start end,
      expires_at = case when rate_limits.window_start <= ${now - windowMs} then ${now + windowMs} else rate_limits.window_start + ${windowMs} end,
      updated_at = ${now}
    where rate_limits.window_start <= ${now - windowMs} or rate_limits.count < ${max}
    returning window_start, count`);
  return row;
}

/** When the counter's window started, or undefined when there is no counter. */
export async function windowStartOf(db: Db, key: string) {
  const [current] = await db
    .select({ windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return current?.windowStart;
}

/** Takes one event back off the counter `key`, never below zero (one conditional statement). */
export async function uncountHit(db: Db, key: string, now: number) {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1`, updatedAt: new Date(now) })
    .where(and(eq(rateLimits.key, key), sql`${rateLimits.count} > 0`));
}

/** Deletes one counter. */
export async function deleteCounter(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes counters whose window has ended (the scheduled prune); returns how many. */
export async function pruneEnded(db: Db, now = Date.now()) {
  // Rows written before `expires_at` existed have none: the longest window in use is a day.
  const result = await db
    .delete(rateLimits)
    .where(
      or(
        lte(rateLimits.expiresAt, now),
        and(isNull(rateLimits.expiresAt), lte(rateLimits.windowStart, now - 24 * 60 * 60 * 1000)),
      ),
    );
  return result.meta.changes ?? 0;
}
