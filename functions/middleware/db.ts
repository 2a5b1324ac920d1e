import { createMiddleware } from 'hono/factory';
import { createDb } from '#db/client.ts';
import type { AppEnv } from '../lib/app-env.ts';

import { BOOKMARK_HEADER } from '#schemas/headers.ts';

export { BOOKMARK_HEADER };

// D1 bookmarks look like `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683`. Anything
// else is ignored rather than handed to D1, which would fail the request's first query.
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

/**
 * Where a request's D1 session starts (docs/decisions/006-d1-sessions-and-limits.md):
 * - writes (anything but GET/HEAD) and the build's snapshot start on the primary, so what they
 *   read before writing, or publish, is the latest;
 * - a read carrying the bookmark of the person's last answer starts at a copy at least that new,
 *   so a person always reads their own writes;
 * - any other read may be served by the nearest read replica.
 */
export function sessionStart(method: string, path: string, bookmark: string | undefined): string {
  if ((method !== 'GET' && method !== 'HEAD') || path.startsWith('/api/build/')) return 'first-primary';
  if (bookmark && BOOKMARK.test(bookmark)) return bookmark;
  return 'first-unconstrained';
}

/**
 * One Drizzle instance per request over a D1 session (the Sessions API, so read replicas can serve
 * reads); the session's latest bookmark goes back in `X-D1-Bookmark`.
 */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  // Test doubles of the binding may lack withSession: they get the binding itself.
  const session =
    typeof c.env.DB.withSession === 'function'
      ? c.env.DB.withSession(sessionStart(c.req.method, c.req.path, c.req.header(BOOKMARK_HEADER)))
      : null;
  c.set('db', createDb(session ?? c.env.DB));
  await next();
  const bookmark = session?.getBookmark();
  if (bookmark) c.header(BOOKMARK_HEADER, bookmark);
});
