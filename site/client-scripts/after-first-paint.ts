import { LARGEST_IMAGE_TIMING } from '../lib/largest-image.ts';

/** An Element Timing entry (not in TypeScript's DOM types yet). */
interface ElementTiming extends PerformanceEntry {
  identifier: string;
}

/**
 * The longest the page's work waits for its largest image after the first paint: on a slow line a
 * photograph can take seconds, and the header's menu and the islands should not wait that long.
 */
const LARGEST_IMAGE_WAIT_MS = 1500;

/**
 * Runs `task` just after the page's first contentful paint is reported (paint timing): work started
 * here is outside what Lighthouse's mobile LCP counts (issue 16 item 15). On a page whose largest
 * element is a photograph (ContentImage's `priority` image), after that photograph has painted too
 * (issue 31): it paints a few frames after the text, once decoded, and the stylesheet, the page
 * script and the islands started before it would share the line and the main thread with it (its
 * Render Delay was 550–735 ms under Lighthouse's mobile preset). Where paint timing is missing, two
 * frames on. A page in a background tab paints nothing (and reports no paint once it has been
 * hidden), so there it runs at once.
 */
export function afterFirstPaint(task: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  if (document.visibilityState === 'hidden') return run();
  document.addEventListener('visibilitychange', run, { once: true });
  const next = () => afterLargestImage(run);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return afterFrames(next);
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(next, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Two frames on, and then a task: after the second frame's paint. */
function afterFrames(then: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
}

/**
 * Calls `then` once the page's largest image has painted (Element Timing where the browser has it,
 * else its decode and two frames), at once when it has none or it failed, and at the latest
 * LARGEST_IMAGE_WAIT_MS from now.
 */
function afterLargestImage(then: () => void) {
  const image = document.querySelector<HTMLImageElement>(`img[elementtiming="${LARGEST_IMAGE_TIMING}"]`);
  // No photograph, or one that has already failed: nothing to wait for.
  if (!image || (image.complete && !image.naturalWidth)) return then();
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(once, LARGEST_IMAGE_WAIT_MS);
  let observer: PerformanceObserver | undefined;
  if (PerformanceObserver.supportedEntryTypes?.includes('element')) {
    observer = new PerformanceObserver((list) => {
      if (
        (list.getEntries() as ElementTiming[]).some(
          (e) => e.name === 'image-paint' && e.identifier === LARGEST_IMAGE_TIMING,
        )
      )
        setTimeout(once, 0);
    });
    observer.observe({ type: 'element', buffered: true });
  } else {
    image.decode().then(() => afterFrames(once), once);
  }
  // A broken image paints no picture: nothing to wait for.
  image.addEventListener('error', once, { once: true });
}
