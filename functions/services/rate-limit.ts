import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface Limit {
  /** What is limited, e.g. 'login:address'. */
  name: string;
  /** Allowed events per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one event against a fixed window in D1 (one atomic upsert) and says whether it is
 * allowed. Windows end by themselves, so a real user is never locked out for good.
 */
export async function hit(db: Db, limit: Limit, subject: string, now = Date.now()) {
  const key = `${limit.name}:${subject}`;
  const windowMs = limit.windowSeconds * 1000;
  const expired = now - windowMs;
  const [row] = await db.all<{ count: number; window_start: number }>(sql`
    insert into rate_limits (key, window_start, count, created_at, updated_at)
    values (${key}, ${now}, 1, ${now}, ${now})
    on conflict(key) do update set
      count = case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end,
      updated_at = ${now}
    returning count, window_start`);
  const count = row?.count ?? 1;
  const retryAfter = Math.max(1, Math.ceil(((row?.window_start ?? now) + windowMs - now) / 1000));
  return { allowed: count <= limit.max, retryAfter };
}

/** Forgets the counter (after a successful login, the per-account failures start again). */
export async function clear(db: Db, limit: Limit, subject: string) {
  await db.run(sql`delete from rate_limits where key = ${`${limit.name}:${subject}`}`);
}

/** The client's address as Cloudflare reports it ('local' under tests and wrangler dev without it). */
export function clientAddress(headers: Headers) {
  return headers.get('CF-Connecting-IP') ?? headers.get('X-Forwarded-For')?.split(',')[0]?.trim() ?? 'local';
}
