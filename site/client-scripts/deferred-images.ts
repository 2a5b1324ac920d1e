import { DEFERRED_SRC, DEFERRED_SRCSET } from '../lib/deferred-image.ts';

/**
 * Gives one deferred image (site/lib/deferred-image.ts) its addresses back, its <picture>'s sources
 * first (the browser picks among them when the <img>'s `src` makes it choose). It is then an
 * ordinary lazy image, fetched when it nears the viewport.
 */
function showDeferredImage(img: HTMLImageElement) {
  if (img.parentElement instanceof HTMLPictureElement)
    for (const source of img.parentElement.querySelectorAll<HTMLSourceElement>(
      `source[${DEFERRED_SRCSET}]`,
    )) {
      source.srcset = source.getAttribute(DEFERRED_SRCSET)!;
      source.removeAttribute(DEFERRED_SRCSET);
    }
  const srcset = img.getAttribute(DEFERRED_SRCSET);
  if (srcset !== null) img.srcset = srcset;
  img.src = img.getAttribute(DEFERRED_SRC)!;
  img.removeAttribute(DEFERRED_SRCSET);
  img.removeAttribute(DEFERRED_SRC);
}

/** The page's loader, once the page has painted: every image the server deferred. */
export function showDeferredImages() {
  for (const img of document.querySelectorAll<HTMLImageElement>(`img[${DEFERRED_SRC}]`))
    showDeferredImage(img);
}

/**
 * For an image an island draws in the browser (its first render matches the server's, so it is
 * deferred too): shown at once when the page has already painted, else left to the loader.
 */
export function showIfPainted(img: HTMLImageElement | null) {
  if (img?.hasAttribute(DEFERRED_SRC) && performance.getEntriesByType('paint').length > 0)
    showDeferredImage(img);
}
