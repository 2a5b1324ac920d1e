// Open tabs across a deploy (docs/decisions/022-open-tabs-across-deploys.md).
//
// Each deploy is a Worker version with its own static assets: a page loaded before a deploy names
// chunks, island props and stylesheets of its own build, and once the new version serves, those
// URLs answer 404. An island that hydrates after that (scrolled into view, a dialog's lazy chunk, a
// props file) fails and stays as the server rendered it. So: when a file of the page's build fails
// to load and the server answers 404 for it (a deploy, not a dropped connection), the page reloads
// once, and gets the new build's HTML and files. Only once: a tab that reloaded in the last few
// minutes does not reload again, so a build that is truly broken never loops.

/** When this tab last reloaded for a newer build (sessionStorage: this tab only, gone with it). */
const RELOADED_AT = 'bridgeway:new-build-reload';
/** A second failure within this long of the reload is not the deploy's: no second reload. */
const ONCE_WITHIN_MS = 5 * 60 * 1000;
/** The event a script that fetches a build file itself (the afterpaint directive) reports with. */
export const BUILD_FILE_FAILED = 'bridgeway:build-file-failed';

/** Whether the server no longer has a file of this page's build: 404 or 410, not a network error. */
async function gone(url: string) {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return res.status === 404 || res.status === 410;
  } catch {
    return false;
  }
}

/** Reloads the page for the new build, unless this tab already did so a moment ago. */
function reloadOnce(reload: () => void) {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < ONCE_WITHIN_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    // No storage (a privacy mode): no way to know it would be the only reload, so none.
    return false;
  }
  reload();
  return true;
}

/** The URL a failed module or stylesheet load names in its message, when the browser gives one. */
export function failedUrl(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!/dynamically imported module|preload CSS|module script failed/i.test(text)) return undefined;
  return /(https?:\/\/[^\s'"]+|\/_astro\/[^\s'"]+)/.exec(text)?.[1];
}

/**
 * One of the page's build files failed: reloads once when any of `urls` is gone from the server
 * (`known404`: the caller saw the 404 itself).
 */
export async function buildFileFailed(
  urls: (string | null | undefined)[],
  { known404 = false, reload = () => location.reload() } = {},
) {
  const candidates = urls.filter((u): u is string => Boolean(u));
  if (candidates.length === 0) return false;
  const deployed = known404 || (await Promise.all(candidates.map(gone))).some(Boolean);
  return deployed && reloadOnce(reload);
}

/**
 * Watches for the failures a deploy causes in an open tab: an island whose code or renderer will
 * not load (Astro's `astro:hydration-error`, after its own retry), a lazy chunk or its stylesheet
 * (Vite's `vite:preloadError`), any other failed dynamic import, and a build file a script fetched
 * itself (BUILD_FILE_FAILED). Called once, by the page script.
 */
export function watchForNewBuild() {
  addEventListener('astro:hydration-error', (event) => {
    const island = event.target instanceof Element ? event.target : null;
    const detail = (event as CustomEvent<{ componentUrl?: string }>).detail;
    void buildFileFailed([
      detail?.componentUrl,
      island?.getAttribute('renderer-url'),
      island?.getAttribute('directive-url'),
    ]);
  });
  addEventListener('vite:preloadError', (event) => {
    void buildFileFailed([failedUrl((event as Event & { payload?: unknown }).payload)]);
  });
  addEventListener('unhandledrejection', (event) => {
    const url = failedUrl(event.reason);
    if (url) void buildFileFailed([url]);
  });
  addEventListener(BUILD_FILE_FAILED, (event) => {
    const { url, status } = (event as CustomEvent<{ url: string; status: number }>).detail;
    void buildFileFailed([url], { known404: status === 404 || status === 410 });
  });
}
