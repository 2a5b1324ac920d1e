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
 * here is outside what Lighthouse's mobile LCP counts. On a page whose largest
 * element is a photograph (ContentImage's `priority` image), after that photograph has painted too
 *: it paints a few frames after the text, once decoded, and the stylesheet, the page
 * script and the islands started before it would share the line and the main thread with it (its
 * Render Delay was 550–735 ms under Lighthouse's mobile preset). Where paint timing is missing, two
 * frames on. A page in a background tab paints nothing (and reports no paint once it has been
 * hidden), so there it runs at once.
 */
export function afterFirstPaint(task: () => void) {
  // Called by several events (the paint, the photograph, the time limit, a hidden tab): runs once.
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  if (document.visibilityState === 'hidden') return run();
  document.addEventListener('visibilitychange', run, { once: true });
  const next = () => afterLargestImage(run);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(next, 0)));
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(next, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Calls `run` (which runs once, whoever calls it) once the page's largest image has painted, at once
 * when the page has none or the browser has no Element Timing (it then runs as before), on the
 * image's error, and at the latest LARGEST_IMAGE_WAIT_MS from now. Small: it is in every page's
 * first document.
 */
function afterLargestImage(run: () => void) {
  const image = document.querySelector(`img[elementtiming="${LARGEST_IMAGE_TIMING}"]`);
  if (!image || !PerformanceObserver.supportedEntryTypes?.includes('element')) return run();
  setTimeout(run, LARGEST_IMAGE_WAIT_MS);
  image.addEventListener('error', run);
  new PerformanceObserver((list) => {
    if ((list.getEntries() as ElementTiming[]).some((e) => e.identifier === LARGEST_IMAGE_TIMING))
      setTimeout(run, 0);
  }).observe({ type: 'element', buffered: true });
}
