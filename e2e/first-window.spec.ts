/// <reference lib="dom" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { htmlFiles } from '../scripts/build/html-files.ts';
import { ISLAND_RUNTIME_MARK, PAGE_SCRIPT } from '../scripts/build/deferred-islands.ts';
import {
  headerWired,
  holdPageScript,
  hydrateIslands,
  hydrated,
  hydratedAround,
  pageStyled,
} from './helpers/islands.ts';
import { largestPaintElement } from './helpers/paint.ts';
import { cspViolations } from './helpers/csp.ts';

// What does not change the first paint is not in the first document. The
// page script (the header, the footer's year, the web font: scripts/build/page-scripts.ts) and, on
// pages whose islands all wait, Astro's
// island runtime and the large props of afterpaint islands (scripts/build/deferred-islands.ts) are
// files loaded once the first frame is painted; each page's CSP names only its own inline scripts
// and styles (scripts/build/page-css.ts).

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** When each script file started loading, and when the page first painted text or an image. */
async function scriptTimings(page: Page) {
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
  }));
}

for (const path of [
  '/destinations',
  '/job',
  '/country-details/australia',
  '/subject/ba-graphic-design-coventry-university',
  '/',
]) {
  test(`${path} loads the page script and the island runtime after the first paint, and both work`, async ({
    page,
  }) => {
    const violations = cspViolations(page);
    await page.goto(path);
    const html = await page.content();
    expect(html, 'the island runtime is not in the page').not.toContain(ISLAND_RUNTIME_MARK);
    await headerWired(page);
    await hydrateIslands(page);
    await expect(page.locator('astro-island[ssr]'), 'every island hydrated').toHaveCount(0);

    const { fcp, scripts } = await scriptTimings(page);
    expect(fcp).toBeGreaterThan(0);
    const pageScript = scripts.find((s) => s.path.startsWith('/_astro/page.'));
    const runtime = scripts.find((s) => s.path.startsWith('/_astro/astro-island.'));
    expect(pageScript, 'the page script is a file').toBeDefined();
    expect(runtime, 'the island runtime is a file').toBeDefined();
    // Nothing a script file carries is needed before the first paint: none starts loading before it.
    for (const s of scripts) expect(s.start, `${s.path} starts after the first paint`).toBeGreaterThan(fcp);
    expect(violations).toEqual([]);
  });
}

test("the header's menus are built by the page script, not carried by the first document", async ({
  page,
  request,
}) => {
  const served = await (await request.get('/')).text();
  const header = served.slice(served.indexOf('<header'), served.indexOf('</header>'));
  expect(header).not.toContain('<dialog');
  expect(header).not.toContain('id="account-menu"');
  await page.goto('/');
  await headerWired(page);
  await expect(page.locator('header dialog.search-overlay-dialog[data-search-dialog]')).toHaveCount(1);
  await expect(page.locator('header #overlay-search-list')).toHaveCount(1);
  await expect(page.locator('header dialog[data-menu-dialog]')).toHaveAttribute('aria-label', / menu$/);
  await expect(page.locator('#account-menu')).toBeHidden();
  await expect(page.locator('.account__button')).toHaveAttribute('aria-controls', 'account-menu');
});

test("the header's buttons wait disabled for the page script, drawn as they will be: nothing changes when it wires them", async ({
  page,
}) => {
  // A phone, where the search and menu buttons show. The page script is held back: the header as
  // first painted, until it is let through.
  await page.setViewportSize({ width: 375, height: 812 });
  const release = await holdPageScript(page);
  await page.goto('/');
  await pageStyled(page);
  const header = page.locator('header.site-header');
  const buttons = [
    page.getByRole('button', { name: 'Search subjects' }),
    page.getByRole('button', { name: 'Open menu' }),
    page.getByRole('button', { name: /Account menu/, includeHidden: true }),
  ];
  // Nothing opens them yet, so no one can press them (and assistive technology says so).
  for (const button of buttons) await expect(button).toBeDisabled();
  const before = await header.screenshot();
  const boxes = await Promise.all(buttons.slice(0, 2).map((b) => b.boundingBox()));

  release();
  for (const button of buttons) await expect(button).toBeEnabled();
  expect(await Promise.all(buttons.slice(0, 2).map((b) => b.boundingBox())), 'nothing moved').toEqual(boxes);
  // Not dimmed while they waited: the header looks the same, pixel for pixel.
  expect((await header.screenshot()).equals(before), 'the header looks the same before and after').toBe(true);
});

test('the courses finder fetches its first page of programs after the paint, and works', async ({
  page,
  request,
}) => {
  // As served: the island names its props file and carries no props (the directive writes them later).
  const served = await (await request.get('/courses')).text();
  const tag = /<astro-island\b[^>]*ProgramFinder[^>]*>/.exec(served)?.[0] ?? '';
  expect(tag).toMatch(/\sprops-url="\/_astro\/props\/island\.[\w-]+\.json"/);
  expect(tag, 'no props in the page').not.toMatch(/\sprops="/);
  await page.goto('/courses');
  const finder = page.locator('astro-island[component-url*="ProgramFinder"]');
  await expect(finder).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
  const { fcp } = await scriptTimings(page);
  const props = await page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/_astro/props/'))
        .map((e) => e.startTime)[0],
  );
  expect(props, 'the props file starts after the first paint').toBeGreaterThan(fcp);
  // The hydrated finder has its data: a filter narrows the server-rendered results.
  const count = page.locator('.browser__count');
  const before = await count.textContent();
  await page.locator('input[name="country"]:not([disabled])').first().check();
  await expect(count).not.toHaveText(before!);
});

test('client:afterpaint={{ visible: true }} waits for the island to come into view, its props a file', async ({
  page,
}) => {
  await page.goto('/subject/ba-graphic-design-coventry-university');
  // Plain client:afterpaint (the hero's Save button) hydrates without any scrolling.
  const save = page.locator('astro-island[component-url*="SaveProgram"]');
  await expect(save).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
  const cost = page.locator('astro-island[component-url*="TotalCost"]');
  await expect(cost).toHaveAttribute('props-url', /^\/_astro\/props\/island\.[\w-]+\.json$/);
  await page.waitForLoadState('networkidle');
  await expect(cost, 'out of view, not hydrated yet').toHaveAttribute('ssr', '');
  await hydrated(page, 'TotalCost');
});

test('no island on the home page carries large props in the first document', async ({ request }) => {
  const served = await (await request.get('/')).text();
  const islands = [...served.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
  expect(islands.length).toBeGreaterThan(5);
  for (const tag of islands) {
    expect(tag, 'waits for the paint and its view').toContain('client="afterpaint"');
    // scripts/build/deferred-islands.ts moves props over 1 KB to a file.
    expect(/\sprops="([^"]*)"/.exec(tag)?.[1]?.length ?? 0).toBeLessThanOrEqual(1024);
  }
  expect(islands.filter((tag) => tag.includes('props-url=')).length).toBeGreaterThan(3);
});

test("recruitments keeps its islands' props and the country list out of the first document", async ({
  page,
  request,
}) => {
  const served = await (await request.get('/recruitments')).text();
  for (const component of ['ServicesSection', 'StrategyCards', 'AssistanceForm']) {
    const tag = new RegExp(`<astro-island\\b[^>]*${component}[^>]*>`).exec(served)?.[0] ?? '';
    expect(tag, `${component} names its props file`).toMatch(
      /\sprops-url="\/_astro\/props\/island\.[\w-]+\.json"/,
    );
  }
  // As served, the country select holds the chosen country only.
  const select = /<select[^>]*name="country"[^>]*>([\s\S]*?)<\/select>/.exec(served)?.[1] ?? '';
  expect(select.match(/<option\b/g)).toHaveLength(1);

  await page.goto('/recruitments');
  await page.waitForLoadState('networkidle');
  const form = page.locator('astro-island[component-url*="AssistanceForm"]');
  // Its toast lane is fixed to the viewport (always "in view"): the form waits for its own view.
  await expect(form, 'out of view, not hydrated yet').toHaveAttribute('ssr', '');
  await hydratedAround(page.locator('form.rc-assist'));
  const country = page.locator('form.rc-assist select[name="country"]');
  await expect.poll(() => country.locator('option').count()).toBeGreaterThan(190);
  await country.selectOption('Canada');
  await expect(country).toHaveValue('Canada');
});

test('institutions draws its first card inline, so its largest paint is not an image', async ({ page }) => {
  await page.goto('/institutions');
  const first = page.locator('.uni-card').first();
  const picture = first.locator('svg.card__media');
  await expect(picture).toHaveAttribute('role', 'img');
  await expect(picture).toHaveAttribute('aria-label', / campus$/);
  await expect(first.locator('img'), 'no image request in the first card').toHaveCount(0);
  // The <img> box it stands for: the card's width at 16:9.
  const box = (await picture.boundingBox())!;
  expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
  expect(await largestPaintElement(page)).not.toBe('IMG');
  await expect(page.locator('.uni-card').nth(1).locator('img.card__media')).toHaveCount(1);
});

test('a page with a form that hydrates on load keeps the island runtime inline', async ({ page }) => {
  await page.goto('/login');
  expect(await page.content()).toContain(ISLAND_RUNTIME_MARK);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const { scripts } = await scriptTimings(page);
  expect(scripts.filter((s) => s.path.startsWith('/_astro/astro-island.'))).toEqual([]);
});

test('every built page names in its CSP exactly its own inline scripts and styles', () => {
  const pages = htmlFiles('dist').filter((f) => !f.startsWith(join('dist', 'peer')));
  expect(pages.length).toBeGreaterThan(50);
  let deferred = 0;
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    const csp = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1];
    if (!csp) continue;
    const listed = (directive: string) =>
      new Set(
        (new RegExp(`${directive} ([^;]*)`).exec(csp)?.[1] ?? '')
          .split(/\s+/)
          .filter((s) => s.startsWith("'sha256-")),
      );
    const scripts = [...html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/\ssrc=|type="application\/ld\+json"/.test(m[1]!))
      .map((m) => hash(m[2]!));
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => hash(m[1]!));
    expect(listed('script-src'), `${file}: script-src`).toEqual(new Set(scripts));
    expect(listed('style-src'), `${file}: style-src`).toEqual(new Set(styles));
    // A page with islands has the runtime inline, or the page script's loader: the script loads it.
    if (!html.includes('<astro-island')) continue;
    if (html.includes(ISLAND_RUNTIME_MARK)) continue;
    expect(html, `${file}: the page script's loader`).toMatch(PAGE_SCRIPT);
    deferred++;
  }
  expect(deferred, 'pages loading the runtime after the paint').toBeGreaterThan(50);
});
