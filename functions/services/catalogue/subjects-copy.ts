import type { Context } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { afterResponse } from '#functions/lib/after-response.ts';
import { listSubjects, subjectsListVersion } from '#db/queries/catalog.ts';

/** Where the copies live in the files bucket: one object per version of the list, the newest kept. */
const PREFIX = 'cache/api-subjects/';

/**
 * GET /api/subjects without filters, the whole catalogue the spec's recruitment search filters in
 * the browser: at 25,000 programs, reading and serialising it took seconds of Worker time and 1.7 MB
 * every time the edge cache's few seconds ran out. The serialised list is kept in R2 under its
 * version (`subjectsListVersion`, raised by triggers on every change to what it is made of), so a
 * request costs one primary-key read and one object read; the first request after a change builds
 * the new copy, answers with it, and stores it (dropping the older ones) after the response.
 */
export async function wholeSubjectsList(c: Context<AppEnv>): Promise<string> {
  const key = `${PREFIX}${await subjectsListVersion(c.var.db)}.json`;
  // R2 unavailable: the list is read from D1 as before the copy existed (slower, still right).
  const stored = await c.env.FILES.get(key).catch(() => null);
  if (stored) return stored.text();
  const json = JSON.stringify(await listSubjects(c.var.db));
  await afterResponse(c, store(c, key, json));
  return json;
}

async function store(c: Context<AppEnv>, key: string, json: string) {
  // A copy not stored costs the next request a read from D1, nothing more.
  await c.env.FILES.put(key, json, { httpMetadata: { contentType: 'application/json' } });
  const older = await c.env.FILES.list({ prefix: PREFIX });
  const stale = older.objects.map((o) => o.key).filter((k) => k !== key);
  if (stale.length) await c.env.FILES.delete(stale);
}
