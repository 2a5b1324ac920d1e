// Inter on a second view, never on the first paint of a first view.
//
// Why: the Inter woff2 is 48 KB. Requested by the first layout, it competed with the page on a
// first visit and held its largest paint until it arrived or font-display: optional gave up
// (Lighthouse's mobile LCP counted the font's download in every page's LCP).
// So the page is first set in the local fallback faces that fonts.css scales to Inter's metrics;
// once the page has loaded, the browser fetches Inter into its cache in the background and
// remembers that it did; from then on a tiny script in <head> opts pages into Inter before their
// first paint, and font-display: optional finds the file in the cache at once. The page being read
// never changes font (no layout shift); without JavaScript the fallback faces are used throughout.

/** localStorage key: "1" once Inter has been fetched into this browser's cache. */
export const WEB_FONT_FLAG = 'font:inter';
/** Class on <html> that switches --font-body to Inter (site/styles/global.css). */
export const WEB_FONT_CLASS = 'font-inter';

/** The <head> script: runs before the first paint, so it must stay tiny and never throw. */
// (Plain interpolation, no function call: the page script imports this module, and a call at the
// top level would be kept in its bundle as a possible side effect.)
export const webFontHeadScript = `try{if(localStorage.getItem("${WEB_FONT_FLAG}")==='1')document.documentElement.classList.add("${WEB_FONT_CLASS}")}catch(e){}`;

/**
 * After load, when idle, fetch Inter into the cache for the next page and set the flag. Called by
 * the page's script (site/client-scripts/page.ts), which loads after the first paint; the page being
 * read keeps its fallback faces.
 */
export function warmWebFont() {
  try {
    if (localStorage.getItem(WEB_FONT_FLAG) === '1' || !('fonts' in document)) return;
  } catch {
    return;
  }
  const run = () =>
    document.fonts.load('1em "Inter Variable"', 'Aa').then(
      (faces) => {
        if (faces.length) localStorage.setItem(WEB_FONT_FLAG, '1');
      },
      () => {},
    );
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void run(), { timeout: 5000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
