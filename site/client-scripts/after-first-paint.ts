/**
 * Runs `task` just after the page's first contentful paint is reported (paint timing): work started
 * here is outside what Lighthouse's mobile LCP counts (issue 16 item 15). Where paint timing is
 * missing, two frames on. A page in a background tab paints nothing (and reports no paint once it
 * has been hidden), so there it runs at once.
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
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(run, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}
