import type { ClientDirective } from 'astro';

/**
 * `client:afterpaint`: hydrate once the page has painted (after `load` and one frame), when the
 * browser is idle. For islands at the top of a page whose server-rendered HTML is already what the
 * person first sees (issue 16 item 15).
 *
 * Why not client:idle or client:visible: on a fast connection both can fetch the island's code
 * (React itself is ~60 KB) and run it before the first frame is painted, and Lighthouse's mobile
 * LCP then counts that download and its evaluation (4× CPU) in the largest paint, although the
 * island does not change what is painted. Waiting for a frame after `load` moves them after it.
 */
const afterPaint: ClientDirective = (load) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => void hydrate(), { timeout: 1000 })
      : setTimeout(() => void hydrate(), 50);
  // A frame callback runs before that frame's paint; the timeout it schedules runs after it.
  const afterFrame = () => requestAnimationFrame(() => setTimeout(whenIdle, 0));
  if (document.readyState === 'complete') afterFrame();
  else window.addEventListener('load', afterFrame, { once: true });
};
export default afterPaint;
