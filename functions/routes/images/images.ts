import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { afterResponse } from '#functions/lib/after-response.ts';
import { IMAGE_FORMATS, variantKey, variantWidths, type ImageFormat } from '#schemas/images.ts';

/** Every variant's address names one immutable file (its id is the bytes' hash): a year, everywhere. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * One variant from R2, through the data centre's cache (`caches.default`): a Worker's answers are
 * not cached by Cloudflare's CDN on their own, so a popular image would otherwise cost an R2 read
 * per visitor. What is stored is the variant's bytes and type, never a request's headers.
 */
async function serveVariant(c: Context<AppEnv>, key: string) {
  const cache = caches.default;
  const cacheKey = new Request(new URL(c.req.path, c.req.url), { method: 'GET' });
  const hit = await cache.match(cacheKey);
  if (hit) return new Response(hit.body, { headers: withSafety(hit.headers) });
  let object: R2ObjectBody | null;
  try {
    object = await c.env.FILES.get(key);
  } catch (error) {
    console.error('R2 get failed', error instanceof Error ? error.message : error);
    throw new HTTPException(503, {
      message: 'We could not fetch the image right now. Please try again in a moment.',
    });
  }
  if (!object) throw new HTTPException(404, { message: 'Image not found' });
  const headers = new Headers({
    'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
    'Cache-Control': IMMUTABLE,
    ETag: object.httpEtag,
  });
  const [body, copy] = object.body.tee();
  await afterResponse(c, cache.put(cacheKey, new Response(copy, { headers })));
  return new Response(body, { headers: withSafety(headers) });
}

const withSafety = (headers: Headers) => {
  const out = new Headers(headers);
  out.set('X-Content-Type-Options', 'nosniff');
  out.set('Cache-Control', IMMUTABLE);
  return out;
};

/**
 * Content images (docs/decisions/023-image-pipeline.md): `/api/images/<id>/<width>.<format>`, one
 * variant; `/api/images/<id>-<w>x<h>-<colour>.jpg`, the address content stores, answers the
 * image's largest JPEG (for clients that show the address as it is: e-mails, API consumers).
 */
export const images = new Hono<AppEnv>()
  .get('/:id{[0-9a-f]{20}}/:variant{\\d{2,4}\\.(?:avif|webp|jpg)}', (c) => {
    const [width, format] = c.req.param('variant').split('.') as [string, ImageFormat];
    if (!IMAGE_FORMATS.includes(format)) throw new HTTPException(404, { message: 'Image not found' });
    return serveVariant(c, variantKey(c.req.param('id'), Number(width), format));
  })
  .get('/:name{[0-9a-f]{20}-\\d{1,5}x\\d{1,5}-(?:[0-9a-f]{6}|t)\\.jpg}', (c) => {
    const [, id, w] = /^([0-9a-f]{20})-(\d+)x/.exec(c.req.param('name'))!;
    const widths = variantWidths(Number(w));
    return serveVariant(c, variantKey(id!, widths[widths.length - 1]!, 'jpg'));
  });
