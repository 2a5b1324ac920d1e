import { test, expect } from '@playwright/test';
import { COMPARE_MAX } from '#schemas/finder-limits.ts';
import { PAGE_STYLESHEET_ATTRIBUTE } from '#site/lib/fold.ts';
import { cspViolations } from './helpers/csp.ts';
import { hydrated } from './helpers/islands.ts';
import { largestPaintElement } from './helpers/paint.ts';
import { finderReady } from './helpers/finder.ts';

// Layout stability (CLS ≤ 0.02) and the largest paint: what Lighthouse found moving or painting late on the subject, courses
// and payment pages, checked as layout facts rather than timings. Phone-sized, like Lighthouse's
// mobile preset.
test.use({ viewport: { width: 412, height: 823 } });

test('courses: the program list the server rendered is the one the island keeps (no replacement, no reorder)', async ({
  page,
}) => {
  const violations = cspViolations(page);
  // Listening from the start: the island hydrates after the first paint and may refetch before
  // the marking below is done on a fast run.
  const refetch = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/programs');
  await page.goto('/courses');
  const list = page.getByTestId('program-results');
  await expect(list.locator('li')).toHaveCount(12);
  // A marker on the server-rendered nodes, invisible to React: if hydration or the refetch that
  // follows it rebuilt the list, the nodes on screen afterwards would not carry it.
  await list.evaluate((ul) => {
    (ul as HTMLElement & { ssrNode?: boolean }).ssrNode = true;
    ul.querySelectorAll('li').forEach((li, i) => {
      (li as HTMLElement & { ssrIndex?: number }).ssrIndex = i;
    });
  });
  const before = await list.locator('li').allTextContents();
  await hydrated(page, 'ProgramFinder');
  await refetch;
  await expect(page.locator('.browser__count')).toHaveText('80 programs found');
  const kept = await list.evaluate((ul) => ({
    sameList: (ul as HTMLElement & { ssrNode?: boolean }).ssrNode === true,
    indexes: [...ul.querySelectorAll('li')].map(
      (li) => (li as HTMLElement & { ssrIndex?: number }).ssrIndex ?? -1,
    ),
  }));
  expect(kept.sameList).toBe(true);
  expect(kept.indexes).toEqual([...Array(12).keys()]);
  expect(await list.locator('li').allTextContents()).toEqual(before);
  expect(violations).toEqual([]);
});

type WithShifts = Window & { shifts?: number };

test('courses: the sections below the first screen wait for the view, and the compare tray stays on screen', async ({
  page,
}) => {
  // The layout shifts not caused by input, summed from the start (as CLS counts them).
  await page.addInitScript(() => {
    const w = window as WithShifts;
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.shifts = (w.shifts ?? 0) + e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/courses');
  const belowFold = page.locator('main section.section--below-fold');
  await expect(belowFold).toHaveCount(2);
  // Skipped at load: the finder's heading is not rendered until its section nears the view.
  const rendered = (selector: string) =>
    page.locator(selector).evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
  expect(await rendered('#browser-title')).toBe(false);
  expect(await rendered('main h1')).toBe(true);

  await finderReady(page);
  const results = page.getByTestId('program-results');
  for (const i of [0, 1])
    await results
      .getByRole('checkbox', { name: /^Compare / })
      .nth(i)
      .check();
  // The tray is fixed to the viewport, not to the finder's section (paint containment).
  const tray = page.getByRole('region', { name: 'Compare programs' });
  await expect(tray).toContainText(`2 of ${COMPARE_MAX} chosen to compare`);
  // Outside the finder's section, and next after it in the tab order (before the footer).
  expect(
    await tray.evaluate(
      (el) =>
        el.closest('section') === null &&
        el.parentElement?.previousElementSibling?.matches('section[aria-labelledby="browser-title"]') ===
          true,
    ),
  ).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(tray).toBeInViewport();

  // Scrolling down through every section and back moves nothing on screen.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await rendered('#browser-title')).toBe(true);
  expect(await page.evaluate(() => (window as WithShifts).shifts)).toBe(0);
});

test('payment: the form does not move when the card box gets its final content, but for the notice that cards are off', async ({
  page,
}) => {
  const violations = cspViolations(page);
  // Hold the configuration answer so the pre-rendered "loading" state can be measured first.
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/payment/config', async (route) => {
    await held;
    await route.fulfill({ json: { configured: false } });
  });
  await page.goto('/payment');
  const box = async () => {
    const [card, button, summary] = await Promise.all(
      ['.pay-card', '.pay-button', '.pay-summary'].map((s) => page.locator(s).boundingBox()),
    );
    return { cardHeight: card!.height, buttonTop: button!.y, summaryTop: summary!.y };
  };
  await expect(page.locator('.pay-card')).toContainText('Loading the secure card form');
  const loading = await box();
  release();
  // Without card payments the notice comes first, above the fields it switches off: the form moves
  // down once, by the notice's height and margin and no more; the card box keeps its size.
  const notice = page.getByTestId('payment-unavailable');
  await expect(notice).toContainText('Card payments are unavailable at the moment.');
  const noticeRoom = await notice.evaluate(
    (n) => n.getBoundingClientRect().height + parseFloat(getComputedStyle(n).marginBottom),
  );
  const off = await box();
  expect(off.cardHeight).toBe(loading.cardHeight);
  // The summary beside the form stays; below it (a narrower window) it moves with the form.
  const moved = off.summaryTop - loading.summaryTop;
  expect(Math.min(Math.abs(moved), Math.abs(moved - noticeRoom)), 'the summary moved (px)').toBeLessThan(1);
  expect(Math.abs(off.buttonTop - loading.buttonTop - noticeRoom)).toBeLessThan(1);
  // Only one main landmark: the page's content sits in the layout's <main>.
  await expect(page.locator('main')).toHaveCount(1);
  expect(violations).toEqual([]);
});

test('subject: the hero image and the university logo are drawn inline with the page (no image request) under the CSP', async ({
  page,
}) => {
  const violations = cspViolations(page);
  const images: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image') images.push(new URL(r.url()).pathname);
  });
  await page.goto('/subject/msc-data-science-university-of-leeds');
  // Inline <svg>, not an image: laid out with the page in its first frame.
  const hero = page.locator('.subject-hero .hero__media');
  await expect(hero.locator('svg.inline-svg')).toHaveAttribute('aria-hidden', 'true');
  await expect(hero.locator('img')).toHaveCount(0);
  const box = (await hero.locator('svg').boundingBox())!;
  // Its box is the image's: 560 × 315 scaled to the column, never collapsed.
  expect(box.width).toBeGreaterThan(200);
  expect(box.height / box.width).toBeCloseTo(315 / 560, 2);
  await expect(page.locator('.subject-uni svg.inline-svg')).toHaveCount(1);
  expect(images).not.toContain('/images/departments/data-science-ai.svg');
  expect(images).not.toContain('/images/universities/university-of-leeds-logo.svg');
  // The largest paint is the page's text, painted with the first frame, not an image decoded after it.
  expect(await largestPaintElement(page)).not.toMatch(/^(IMG|VIDEO|svg|image)$/);
  // The first screen's rules are inline (no render-blocking request), allowed by the page's CSP
  // hashes; the page's whole stylesheet is linked disabled and enabled by its loader (decision 016).
  expect(await page.locator(`link[rel="stylesheet"]:not([${PAGE_STYLESHEET_ATTRIBUTE}])`).count()).toBe(0);
  expect(await page.locator('h1').evaluate((h) => getComputedStyle(h).letterSpacing)).not.toBe('normal');
  expect(violations).toEqual([]);
});
