import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { devToolsAllowed } from '#functions/lib/config.ts';
import { createDb } from '#db/client.ts';
import { pageItemExists } from '#db/queries/catalog.ts';
import { renderedPage } from './render.ts';

/**
 * Content pages are pre-rendered at build time. A program or job the build did not pre-render (past
 * the first ones, or newer than the build) is complete HTML from the Worker, made from that kind's
 * built shell page (render.ts, docs/decisions/024). A country created after the last build, or a
 * program or job whose render failed, gets the shell page itself (built at /shell/<kind>), which
 * renders the item from the API in the browser until the next build.
 */
export const shells: { prefix: string; shell: string; table: 'countries' | 'subjects' | 'jobs' }[] = [
  { prefix: '/country-details/', shell: '/shell/country', table: 'countries' },
  { prefix: '/subject/', shell: '/shell/subject', table: 'subjects' },
  { prefix: '/job/', shell: '/shell/job', table: 'jobs' },
];

/** The request's execution context, when it has one (app.request in tests has none). */
function executionContext(c: { executionCtx: Pick<ExecutionContext, 'waitUntil'> }) {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** Whether the item behind a shell URL exists, so an unknown id is a real 404 (the shell still explains it). */
async function exists(env: Env, table: (typeof shells)[number]['table'], id: string) {
  // Page requests run outside /api, where the db middleware sets up no session: a plain Drizzle
  // over the binding. A database error counts as not found (the shell page still explains it).
  return pageItemExists(createDb(env.DB), table, id).catch(() => false);
}

/** The payer's receipt (and return) page: one pre-rendered page for every payment, read from the API by its island. */
export const RECEIPT_PREFIX = '/payment/receipt/';

/**
 * Pages of one pre-rendered shell for every id, opened from a link that carries a bearer token:
 * the payer's receipt, and a booked consultation's manage page.
 */
const TOKEN_PAGES = [
  { prefix: RECEIPT_PREFIX, page: '/payment/receipt' },
  { prefix: '/consultation/', page: '/consultation' },
];

/**
 * The answer to a page that does not exist: the site's 404 page, as the assets server gives it for
 * any unknown path (not_found_handling = "404-page").
 */
async function unknownPage(env: Env, url: string) {
  const page = await env.ASSETS.fetch(new URL('/404', url)).catch(() => undefined);
  if (!page?.ok)
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  return new Response(page.body, { status: 404, headers: page.headers });
}

export const pages = new Hono<AppEnv>().all('*', async (c, next) => {
  if (c.req.path.startsWith('/api/')) return next();
  // Development tools (/dev/mailbox) are built into dist but served only in development on a
  // loopback host; elsewhere they are an unknown page like any other (whatever the method).
  if ((c.req.path === '/dev' || c.req.path.startsWith('/dev/')) && !devToolsAllowed(c.env, c.req.url))
    return unknownPage(c.env, c.req.url);
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  const tokenPage = TOKEN_PAGES.find((p) => c.req.path.startsWith(p.prefix));
  if (tokenPage) {
    // The link carries a bearer token: never cached, never indexed (and the site-wide
    // strict-origin-when-cross-origin referrer policy never sends its query to another site).
    // A forged or expired link still gets this page, which says so plainly (never an error page).
    const shell = await c.env.ASSETS.fetch(new URL(tokenPage.page, c.req.url));
    return new Response(shell.body, {
      status: shell.ok ? 200 : shell.status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex, nofollow',
      },
    });
  }
  const res = await c.env.ASSETS.fetch(c.req.raw);
  const match = shells.find((s) => c.req.path.startsWith(s.prefix) && c.req.path.length > s.prefix.length);
  // A copy: the assets response's headers are immutable and the security-headers middleware sets them.
  if (res.status !== 404 || !match) return new Response(res.body, res);
  // Hono's path is already decoded where it could be; the id is what follows the prefix.
  const id = c.req.path.slice(match.prefix.length).replace(/\/$/, '');
  const valid = id !== '' && !id.includes('/');
  // Programs and jobs the build did not pre-render: complete HTML from the Worker.
  const { table } = match;
  if (valid && table !== 'countries') {
    const kind = { ...match, table };
    const rendered = await renderedPage(c.env, executionContext(c), new URL(c.req.url), kind, id).catch(
      (error: unknown) => {
        // The shell below still shows the item (rendered in the browser): logged, never a 500.
        console.error(JSON.stringify({ type: 'render', kind, message: String(error).slice(0, 200) }));
        return undefined;
      },
    );
    if (rendered) {
      await res.body?.cancel();
      return rendered;
    }
  }
  const shell = await c.env.ASSETS.fetch(new URL(match.shell, c.req.url));
  if (!shell.ok) return new Response(res.body, res);
  const status = valid && (await exists(c.env, match.table, id)) ? 200 : 404;
  return new Response(shell.body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
});
