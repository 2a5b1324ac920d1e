import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';

/**
 * Public images uploaded by staff (only the `images/` prefix: CVs and documents are never served
 * here). Keys are random and never reused, so the answer can be cached for a year.
 */
export const publicFiles = new Hono<AppEnv>().get('/images/:name{[0-9a-f-]+\\.(jpg|png)}', async (c) => {
  const object = await c.env.FILES.get(`images/${c.req.param('name')}`);
  if (!object) throw new HTTPException(404, { message: 'File not found' });
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      ETag: object.httpEtag,
    },
  });
});
