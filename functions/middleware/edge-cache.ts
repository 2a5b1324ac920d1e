import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { afterResponse } from '../lib/after-response.ts';

/**
 * Public, anonymous GET reads kept in the Cache API (`caches.default`) for a few seconds
 * (EDGE_CACHE_SECONDS, default 10), so a burst of identical reads costs one D1 query and one JSON
 * serialisation instead of one per request (docs/history/performance-rounds.md §5: under load the time went to
 * D1, a single SQLite Durable Object answering one query at a time, and to serialising the lists).
 *
 * Correctness rules:
 * - only GET, only requests without credentials (Authorization, X-Applicant-Token, Cookie): such a
 *   request neither reads nor fills the cache, so nothing personal can be stored or served;
 * - only 200 answers the route itself marked `public` (publicCache); `no-store`/`private` answers
 *   and errors (a D1 outage's 503) are never stored;
 * - the stored copy keeps the body and Content-Type only: CORS, security and Server-Timing headers
 *   are added per request by the outer middleware, so one origin's CORS answer is never replayed
 *   to another;
 * - staff edits: `purgePublicReads` drops the list reads and the edited item's read right after a
 *   content change (back office); everything else (search results, items embedding the edited
 *   row) expires within the TTL. In production `cache.delete` reaches the local data centre only,
 *   so the TTL is the bound elsewhere: keep it short.
 */
export const edgeCache = createMiddleware<AppEnv>(async (c, next) => {
  const ttl = config(c.env).edgeCacheSeconds;
  if (!ttl || c.req.method !== 'GET' || hasCredentials(c.req.raw.headers)) return next();
  const cache = caches.default;
  const key = cacheKey(c.req.url);
  const hit = await cache.match(key);
  if (hit) {
    c.header('X-Cache', 'HIT');
    return c.body(await hit.arrayBuffer(), 200, {
      'Content-Type': hit.headers.get('Content-Type') ?? 'application/json',
      'Cache-Control': hit.headers.get('X-Public-Cache-Control') ?? 'public, max-age=60',
    });
  }
  await next();
  const cacheControl = c.res.headers.get('Cache-Control') ?? '';
  if (c.res.status !== 200 || !/^public\b/.test(cacheControl) || c.res.headers.has('Set-Cookie')) return;
  c.res.headers.set('X-Cache', 'MISS');
  const copy = new Response(c.res.clone().body, {
    headers: {
      'Content-Type': c.res.headers.get('Content-Type') ?? 'application/json',
      // The Cache API honours the stored response's Cache-Control: the short edge TTL. What the
      // browser gets (publicCache's policy) travels alongside and is restored on a hit.
      'Cache-Control': `public, max-age=${ttl}`,
      'X-Public-Cache-Control': cacheControl,
    },
  });
  // A failed cache write only costs the next request a miss; without waitUntil (tests) it finishes first.
  await afterResponse(c, cache.put(key, copy));
});

/** Requests carrying a credential are never answered from, nor stored in, the shared cache. */
function hasCredentials(headers: Headers) {
  return headers.has('Authorization') || headers.has('X-Applicant-Token') || headers.has('Cookie');
}

/** The key ignores the request's headers: a bare GET of the same URL. */
const cacheKey = (url: string) => new Request(url, { method: 'GET' });

/** The public lists that have no item read under them. */
const LIST_ONLY_READS = [
  '/api/departments',
  '/api/features',
  '/api/services',
  '/api/missionvission',
  '/api/about-mission-vision',
  '/api/about',
];

/** The public list reads (the paths publicCache covers without an id). */
const PUBLIC_LISTS = ['/api/subjects', '/api/countries', '/api/universities', ...LIST_ONLY_READS];

/**
 * The paths the edge cache serves (index.ts mounts it there): the finder, the kinds with an item
 * read (their list and items under one pattern) and the other public lists.
 */
export const EDGE_CACHED_PATHS = [
  '/api/programs',
  '/api/programs/*',
  '/api/subjects/*',
  '/api/countries/*',
  '/api/universities/*',
  ...LIST_ONLY_READS,
];

/** The public item read of the kinds that have one. */
const ITEM_READS: Record<string, (id: string) => string> = {
  countries: (id) => `/api/countries/${encodeURIComponent(id)}`,
  universities: (id) => `/api/universities/${encodeURIComponent(id)}`,
  subjects: (id) => `/api/subjects/${encodeURIComponent(id)}`,
};

/**
 * Drops the cached public reads after a content change: every list (lists embed related rows, e.g.
 * a subject carries its university's name, so all of them, not only the edited kind's) and the
 * edited item. The edit then shows on the API at once; other cached reads (search results, other
 * items embedding the row) expire within EDGE_CACHE_SECONDS.
 */
export async function purgePublicReads(c: Context<AppEnv>, kind: string, id?: string) {
  if (!config(c.env).edgeCacheSeconds) return;
  const item = id ? ITEM_READS[kind]?.(id) : undefined;
  const origin = new URL(c.req.url).origin;
  await Promise.all(
    [...PUBLIC_LISTS, ...(item ? [item] : [])].map((p) =>
      caches.default.delete(cacheKey(origin + p)).catch(() => false),
    ),
  );
}
