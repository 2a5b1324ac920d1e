// Build-time only (imported from .astro frontmatter, never from an island): turns a small SVG of
// our own into a data: URL, for the one image a page paints first.
//
// Why: on a mobile profile a separate request for the hero image costs a round trip after the
// HTML (Lighthouse measured 0.5 s of load delay + 0.4-1 s of load time for a 0.8-2.2 KB SVG as the
// largest paint of /subject/… and /courses, issue 9). Inlined, it paints with the HTML. The same
// policy Vite applies to small bundled assets (assetsInlineLimit), here for files in site/public.
// The CSP already allows data: images (img-src 'self' data: https:).
import { readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';

/** Above this size the image stays a URL: a bigger file is better cached and fetched in parallel. */
export const INLINE_IMAGE_LIMIT = 4096;

const PUBLIC_DIR = join(process.cwd(), 'site', 'public');

/**
 * `src` as a data: URL when it is a site-relative SVG under site/public of at most `limit` bytes;
 * otherwise `src` unchanged (remote images, R2 uploads, raster files, bigger files, missing files).
 */
export function inlineSmallSvg(
  src: string | undefined | null,
  limit = INLINE_IMAGE_LIMIT,
): string | undefined {
  if (!src) return src ?? undefined;
  if (!src.startsWith('/') || src.startsWith('//') || !/\.svg$/i.test(src)) return src;
  try {
    const file = normalize(join(PUBLIC_DIR, decodeURIComponent(src)));
    // A crafted path ("/../../x.svg") must not read outside site/public.
    if (!file.startsWith(PUBLIC_DIR + '/')) return src;
    if (statSync(file).size > limit) return src;
    // Percent-encode only what a data: URL in an attribute needs (smaller than base64 for SVG).
    const svg = readFileSync(file, 'utf8').replace(/\s+/g, ' ').trim();
    return `data:image/svg+xml,${svg.replace(/[%#"<>{}\n\r]/g, (c) => encodeURIComponent(c))}`;
  } catch {
    return src;
  }
}
