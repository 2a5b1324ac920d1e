import type { ClientDirective } from 'astro';
import { BUILD_FILE_FAILED } from '../lib/stale-build.ts';

/**
 * `client:afterpaint`: hydrate once the page has painted (after `load` and one frame), when the
 * browser is idle. For islands whose server-rendered HTML is already what the person first sees.
 * `client:afterpaint={{ visible: true }}` also waits until the island comes into
 * view, for islands further down the page.
 *
 * Why not client:idle or client:visible: on a fast connection both can fetch the island's code
 * (React itself is ~60 KB) and run it before the first frame is painted, and Lighthouse's mobile
 * LCP then counts that download and its evaluation (4× CPU) in the largest paint, although the
 * island does not change what is painted. Waiting for a frame after `load` moves them after it.
 *
 * The build moves an afterpaint island's props, when they are large, out of the page into a file
 * (`props-url`, scripts/build/deferred-islands.ts): they are not needed before the island hydrates,
 * and in the page they are bytes of the first document. They are fetched here, beside the island's
 * code, and written back where Astro reads them.
 */
const afterPaint: ClientDirective = (load, options, el) => {
  const hydrate = async () => {
    const propsUrl = el.getAttribute('props-url');
    if (propsUrl) {
      // The component's code downloads meanwhile: load() imports the same module.
      const component = el.getAttribute('component-url');
      if (component) import(/* @vite-ignore */ component).catch(() => {});
      el.setAttribute('props', await fetchText(propsUrl));
    }
    const run = await load();
    await run();
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => void hydrate(), { timeout: 1000 })
      : setTimeout(() => void hydrate(), 50);
  const whenWanted = () => (wantsVisible(options.value) ? whenVisible(el, whenIdle) : whenIdle());
  // A frame callback runs before that frame's paint; the timeout it schedules runs after it.
  const afterFrame = () => requestAnimationFrame(() => setTimeout(whenWanted, 0));
  if (document.readyState === 'complete') afterFrame();
  else window.addEventListener('load', afterFrame, { once: true });
};
export default afterPaint;

const wantsVisible = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as { visible?: unknown }).visible === true;

/** Calls `then` once any of the island's elements is in view (as client:visible does). */
function whenVisible(el: HTMLElement, then: () => void) {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    then();
  });
  // <astro-island> is display: contents and has no box of its own. A child fixed to the viewport
  // (a toast lane) always intersects it, and would hydrate the island at load: it is not watched.
  const watched = [...el.children].filter((child) => getComputedStyle(child).position !== 'fixed');
  if (watched.length === 0) {
    observer.disconnect();
    then();
    return;
  }
  for (const child of watched) observer.observe(child);
}

/**
 * The props file's text (the island stays as the server rendered it if this fails). A props file
 * the server no longer has means a deploy since the page loaded: the page script's watcher
 * (site/lib/stale-build.ts) reloads the page once for the new build.
 */
async function fetchText(url: string) {
  const res = await fetch(url);
  if (!res.ok) {
    dispatchEvent(new CustomEvent(BUILD_FILE_FAILED, { detail: { url, status: res.status } }));
    throw new Error(`${url}: HTTP ${res.status}`);
  }
  return res.text();
}
