import { createMiddleware } from 'hono/factory';

/** Public reads: browsers and the edge may reuse them briefly and revalidate in the background. */
export const publicCache = createMiddleware(async (c, next) => {
  await next();
  if (c.req.method === 'GET' && c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
    c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
  }
});
