// Images below the first screen wait for the page's first paint, and on a page whose largest element
// is a photograph, for that photograph's paint. `loading="lazy"` alone does not
// hold them: the browser fetches every lazy image within about a screen and a half of the viewport
// as soon as the page is laid out, so a program's campus gallery and a country's scenes and program
// cards were fetched beside the hero photograph, sharing the line with it. Under Lighthouse's mobile
// preset that alone put the photograph's paint 1.57× the floor page's (1.22× without them).
//
// The server renders such an image with its addresses in these attributes instead of `src` and
// `srcset` (site/components/content-image.tsx), with a <noscript> copy for a browser without
// JavaScript; the page's loader (site/layouts/BaseLayout.astro) moves them back once the page has
// painted (site/client-scripts/deferred-images.ts), and from then on the image is lazy as before.

/** Holds an <img>'s `src` until the loader sets it. */
export const DEFERRED_SRC = 'data-deferred-src';
/** Holds an <img>'s or a <source>'s `srcset` until the loader sets it. */
export const DEFERRED_SRCSET = 'data-deferred-srcset';
