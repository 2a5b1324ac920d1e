import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.ts';

/**
 * Content pages are pre-rendered at build time. A country, subject or job created after the last
 * build has no page yet: instead of a 404 the Worker serves that kind's shell page (built at
 * /shell/<kind>/), which renders the item from the API in the browser until the next build.
 */
export const shells: { prefix: string; shell: string }[] = [
  { prefix: '/country-details/', shell: '/shell/country/' },
  { prefix: '/subject/', shell: '/shell/subject/' },
  { prefix: '/job/', shell: '/shell/job/' },
];

export const pages = new Hono<AppEnv>().get('*', async (c, next) => {
  if (c.req.path.startsWith('/api/')) return next();
  // A copy: the assets response's headers are immutable, and the security headers must be added.
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  const res = new Response(asset.body, asset);
  const match = shells.find((s) => c.req.path.startsWith(s.prefix) && c.req.path.length > s.prefix.length);
  if (res.status !== 404 || !match) return res;
  const shell = await c.env.ASSETS.fetch(new URL(match.shell, c.req.url));
  if (!shell.ok) return res;
  return new Response(shell.body, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' } });
});
