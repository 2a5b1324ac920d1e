// Build-time only (imported from .astro frontmatter, never from an island): turns a small SVG of
// our own into a data: URL, for the one image a page paints first (or into inline <svg> markup:
// `inlineSvgMarkup` below says when).
//
// Why: on a mobile profile a separate request for the hero image costs a round trip after the
// HTML (Lighthouse measured 0.5 s of load delay + 0.4-1 s of load time for a 0.8-2.2 KB SVG as the
// largest paint of /subject/… and /courses). Inlined, it paints with the HTML. The same
// policy Vite applies to small bundled assets (assetsInlineLimit), here for files in site/public.
// The CSP already allows data: images (img-src 'self' data: https:).
import { readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';

/** Above this size the image stays a URL: a bigger file is better cached and fetched in parallel. */
export const INLINE_IMAGE_LIMIT = 4096;

const PUBLIC_DIR = join(process.cwd(), 'site', 'public');

/** The text of `src` when it is a site-relative SVG under site/public of at most `limit` bytes. */
function readSmallSvg(src: string | undefined | null, limit: number): string | undefined {
  if (!src || !src.startsWith('/') || src.startsWith('//') || !/\.svg$/i.test(src)) return undefined;
  try {
    const file = normalize(join(PUBLIC_DIR, decodeURIComponent(src)));
    // A crafted path ("/../../x.svg") must not read outside site/public.
    if (!file.startsWith(PUBLIC_DIR + '/')) return undefined;
    if (statSync(file).size > limit) return undefined;
    return readFileSync(file, 'utf8').replace(/\s+/g, ' ').trim();
  } catch {
    return undefined;
  }
}

/**
 * `src` as a data: URL when it is a site-relative SVG under site/public of at most `limit` bytes;
 * otherwise `src` unchanged (remote images, R2 uploads, raster files, bigger files, missing files).
 */
export function inlineSmallSvg(
  src: string | undefined | null,
  limit = INLINE_IMAGE_LIMIT,
): string | undefined {
  const svg = readSmallSvg(src, limit);
  if (svg === undefined) return src ?? undefined;
  // Percent-encode only what a data: URL in an attribute needs (smaller than base64 for SVG).
  return `data:image/svg+xml,${svg.replace(/[%#"<>{}\n\r]/g, (c) => encodeURIComponent(c))}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The SVG itself as markup (for `<Fragment set:html>`, or the `svg` of `ContentImage` in a React view), for a
 * small SVG of our own that a page paints in its first screen and that must not be its largest
 * paint: the header's logo on every page, the home and About Us hero illustrations, a subject's
 * hero image and university logo, a country's hero image and flag. Undefined when `src` is not such
 * a file (the caller keeps its <img>).
 *
 * Why not a data: URL: an SVG image is a document of its own, and Chromium builds and lays it out
 * apart from the page (a 80-100 ms task on this machine for the first one, Lighthouse counts it
 * ×4 as the page's first layout), decoded after the text it sits beside, so the largest paint came
 * a frame or two after the first. Inline, it is laid out with the page in the
 * first frame, and an <svg> is not a largest-paint candidate: the page's text is, painted at once.
 *
 * `label` names it (role="img"); an empty label hides it from assistive technology, as alt="" did.
 * Its ids take `idPrefix` so two inlined files on one page never share an id.
 */
export function inlineSvgMarkup(
  src: string | undefined | null,
  {
    label,
    width,
    height,
    idPrefix,
    className = 'inline-svg',
    cover = false,
  }: {
    label: string;
    width: number;
    height: number;
    idPrefix: string;
    className?: string;
    /** Fill the box and crop, as `object-fit: cover` does for the <img> it replaces. */
    cover?: boolean;
  },
  limit = INLINE_IMAGE_LIMIT,
): string | undefined {
  const svg = readSmallSvg(src, limit);
  if (svg === undefined || !/^<svg\b/.test(svg)) return undefined;
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
  let body = svg;
  for (const id of ids) {
    const esc = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    body = body
      .replace(new RegExp(`(\\sid=")${esc}"`, 'g'), `$1${idPrefix}-${id}"`)
      .replace(new RegExp(`url\\(#${esc}\\)`, 'g'), `url(#${idPrefix}-${id})`)
      .replace(new RegExp(`(href=")#${esc}"`, 'g'), `$1#${idPrefix}-${id}"`);
  }
  const naming = label ? `role="img" aria-label="${escapeAttribute(label)}"` : 'aria-hidden="true"';
  // The root's own size and name give way to the page's (the file's are for it as an image).
  return body.replace(/^<svg\b([^>]*)>/, (_, attrs: string) => {
    const kept = attrs.replace(
      /\s(?:width|height|role|aria-label|aria-hidden|class|preserveAspectRatio)="[^"]*"/g,
      '',
    );
    const fit = cover ? ' preserveAspectRatio="xMidYMid slice"' : '';
    return `<svg${kept} class="${className}" width="${width}" height="${height}"${fit} ${naming} focusable="false">`;
  });
}
