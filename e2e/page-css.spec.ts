import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { PAGE_STYLESHEET_ATTRIBUTE } from '#site/lib/fold.ts';
import { htmlFiles } from '../scripts/build/html-files.ts';
import { cspViolations } from './helpers/csp.ts';
import { pageStyled, holdPageStylesheet, hydrated, hydratedAround } from './helpers/islands.ts';

// Each page's first document inlines only the CSS rules it
// can use (scripts/build/page-css.ts prunes after the build), and every rule of the page's stylesheets
// reaches the page in a cached file linked at the first paint. What must hold: the first document
// leaves out the rules of other pages, what appears only after a click (menus, dialogs, the search
// overlay, an island's modal) is styled, and the stylesheets are allowed by the page's CSP.
test.use({ viewport: { width: 412, height: 823 } });

const STYLE = /<style>([\s\S]*?)<\/style>/g;

/** The open mobile menu, styled: a full-height panel on the right, not the browser's centred dialog. */
async function expectMenuPanel(page: Page) {
  const menu = page.locator('dialog.mobile-menu-dialog');
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(Math.round(box.height)).toBe(823);
  expect(Math.round(box.x + box.width)).toBe(412);
}
const LINK = new RegExp(
  `<link rel="stylesheet" href="(/_astro/styles/page\\.[\\w-]+\\.css)" ${PAGE_STYLESHEET_ATTRIBUTE} disabled>`,
);

test("a page's first document carries its own rules, not the other pages'", async ({ request }) => {
  const about = await (await request.get('/about-us')).text();
  const inline = [...about.matchAll(STYLE)].map((m) => m[1]).join('');
  expect(inline).toContain('.site-header');
  expect(inline).toContain('.skip-link');
  for (const other of ['.home-hero', '.browser__list', '.pagination', '.upload-status'])
    expect(inline).not.toContain(other);
});

test('every rule a page can render reaches it: a dialog opened after load is styled by the whole stylesheet', async ({
  page,
  request,
}) => {
  // The job page's first document has none of the application window's rules (its markup comes
  // from a chunk loaded on the first click); its whole stylesheet, linked disabled and enabled at
  // the first paint, has them all.
  const served = await (await request.get('/job/care-assistant-leeds')).text();
  const inline = [...served.matchAll(STYLE)].map((m) => m[1]).join('');
  const link = LINK.exec(served);
  expect(link, 'the whole stylesheet, linked disabled').not.toBeNull();
  expect(served).toContain(`<noscript><link rel="stylesheet" href="${link![1]}"></noscript>`);
  const whole = await (await request.get(link![1]!)).text();
  for (const rule of ['.rc-steps__number', '.rc-apply__company']) {
    expect(inline, `${rule} is not in the first document`).not.toContain(rule);
  }
  for (const rule of ['.modal__head', '.modal__close', '.rc-steps__number', '.rc-apply__company'])
    expect(whole, `${rule} is in the whole stylesheet`).toContain(rule);
  // Every inline rule is in the file too, in the same order, so the cascade ends as it was.
  expect(whole).toContain('.site-header');

  const violations = cspViolations(page);
  await page.goto('/job/care-assistant-leeds');
  await pageStyled(page);
  const start = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    css: performance.getEntriesByType('resource').find((e) => e.name.includes('/_astro/styles/'))?.startTime,
  }));
  expect(start.css, 'the whole stylesheet starts after the first paint').toBeGreaterThan(start.fcp);
  // A click before the job's island has hydrated does nothing (seen on a busy machine).
  const apply = page.getByRole('button', { name: 'Apply to job' });
  await hydratedAround(apply);
  await apply.click();
  const dialog = page.getByRole('dialog', { name: /^Apply: / });
  await expect(dialog.locator('.modal__close')).toHaveCSS('min-width', '44px');
  await expect(dialog.locator('.rc-steps__number').first()).toHaveCSS('border-radius', '50%');
  expect(violations).toEqual([]);
});

test('every built page that leaves rules out of its first document links its whole stylesheet', () => {
  // Any page whose inline rules are not all of its stylesheets must link the rest: nothing a
  // component renders later can miss its rules.
  for (const file of htmlFiles('dist')) {
    const html = readFileSync(file, 'utf8');
    if (!html.includes('<style>')) continue;
    const link = LINK.exec(html);
    if (!link) continue;
    const whole = readFileSync(join('dist', link[1]!), 'utf8');
    const missing = [...html.matchAll(STYLE)]
      .flatMap(([, sheet]) => sheet!.match(/[^{};]+(?=\{)/g) ?? [])
      .flatMap((selectors) => selectors.split(','))
      .map((selector) => selector.trim())
      .filter((selector) => selector && !selector.startsWith('@') && !/^(from|to|[\d.]+%)$/.test(selector))
      .filter((selector) => !whole.includes(selector));
    expect(missing, `${file}: inline selectors missing from its whole stylesheet`).toEqual([]);
  }
});

test('home: the first document styles only the first screen; the rest of its stylesheet loads after the first paint', async ({
  page,
  request,
  browser,
}) => {
  // As served: the inline rules are the first screen's; the whole stylesheet is a file, linked
  // disabled where the first screen ends, and loaded by a <noscript> copy without JavaScript.
  const served = await (await request.get('/')).text();
  const inline = [...served.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  expect(inline).toContain('.home-hero');
  for (const below of ['.section-head', '.value-card', '.site-footer'])
    expect(inline, `${below} is not in the first document`).not.toContain(below);
  const link = LINK.exec(served);
  expect(link, 'the whole stylesheet, disabled, at the fold').not.toBeNull();
  expect(served).toContain(`<noscript><link rel="stylesheet" href="${link![1]}"></noscript>`);
  const whole = await (await request.get(link![1]!)).text();
  for (const rule of ['.home-hero', '.section-head', '.site-footer']) expect(whole).toContain(rule);

  // In the browser: requested only after the first paint, then what is below the fold is styled.
  const violations = cspViolations(page);
  await page.goto('/');
  await pageStyled(page);
  const { fcp, start } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    start: performance.getEntriesByType('resource').find((e) => e.name.includes('/_astro/styles/'))
      ?.startTime,
  }));
  expect(start, 'the stylesheet starts after the first paint').toBeGreaterThan(fcp);
  const head = page.locator('.mission-vision .section-head');
  await expect(head).toHaveCSS('text-align', 'center');
  await expect(page.locator('.site-footer')).toHaveCSS('background-color', 'rgb(7, 22, 41)');
  expect(violations).toEqual([]);

  // Without JavaScript the <noscript> link styles the same sections.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await context.newPage();
  await noJs.goto('/');
  await expect(noJs.locator('.mission-vision .section-head')).toHaveCSS('text-align', 'center');
  await context.close();
});

test("what appears only after a click is still styled: the mobile menu, the search overlay, an island's modal", async ({
  page,
}) => {
  const violations = cspViolations(page);
  await page.goto('/');
  // Disabled until the header's script wires it: the click waits for that.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectMenuPanel(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search subjects' }).click();
  const overlay = page.locator('[data-search-dialog]');
  await expect(overlay).toBeVisible();
  await expect(overlay.locator('.search__input')).toHaveCSS('border-radius', '999px');
  await page.keyboard.press('Escape');

  const cards = await hydrated(page, 'FeatureCards');
  await cards
    .getByRole('button', { name: /Learn More/ })
    .first()
    .click();
  const modal = page.locator('dialog.modal[open]');
  await expect(modal).toBeVisible();
  await expect(modal).toHaveCSS('border-radius', '12px');
  expect(violations).toEqual([]);
});

test("nothing that draws starts before the whole stylesheet: a program page's menu and islands wait for it", async ({
  page,
  request,
}) => {
  // Its first document inlines the rules of its own markup only: not the mobile menu's panel, the
  // account menu's or an island's notice, which the header's script and the islands draw.
  const path = '/subject/msc-data-science-university-of-leeds';
  const inline = [...(await (await request.get(path)).text()).matchAll(STYLE)].map((m) => m[1]).join('');
  for (const rule of ['.mobile-menu__panel', '.account__menu', '.st-notice'])
    expect(inline, `${rule} is not in the first document`).not.toContain(rule);

  const release = await holdPageStylesheet(page);
  const pageScript = page.waitForResponse(/\/_astro\/page\.[^/]*\.js$/);
  await page.goto(path);
  await pageScript;
  // The page script is there, the stylesheet is not: the menu and the island's button stay disabled.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const save = page.getByRole('button', { name: /^Save/ });
  // A negative, so a while: unwaited, the page script enabled them within ~100 ms of arriving.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  await expect(menuButton).toBeDisabled();
  await expect(save).toBeDisabled();

  release();
  await menuButton.click();
  await expectMenuPanel(page);
  await page.keyboard.press('Escape');
  await expect(save).toBeEnabled();
});
