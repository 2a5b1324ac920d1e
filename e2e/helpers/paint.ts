import type { Page } from '@playwright/test';

/**
 * The node name of the page's largest contentful paint so far (`H1`, `P`, `IMG`, `VIDEO`, …), as
 * the browser's own LCP entries name it: what Lighthouse's LCP waits for.
 */
export function largestPaintElement(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          resolve(String(last.element?.nodeName));
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}
