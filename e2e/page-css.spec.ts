import { test, expect, type Page } from '@playwright/test';
import { cspViolations } from './helpers/csp.ts';
import { belowFoldStyled, headerReady, hydrated } from './helpers/islands.ts';

// Issue 16 item 15: each page inlines only the CSS rules it can use (scripts/lib/page-css.ts prunes
// the shared stylesheet after the build). What must hold: a page leaves out the rules of other
// pages, what appears only after a click (menus, dialogs, the search overlay, an island's modal) is
// still styled, and the rewritten stylesheet is allowed by the page's CSP.
test.use({ viewport: { width: 412, height: 823 } });

/** Every selector of the page's stylesheets (media rules included). */
const selectors = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const r of rules) {
        if (r instanceof CSSStyleRule) out.push(r.selectorText);
        else if (r instanceof CSSGroupingRule) walk(r.cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    return out;
  });

test("a page carries its own rules, not the other pages'", async ({ page }) => {
  const violations = cspViolations(page);
  await page.goto('/about-us');
  const about = (await selectors(page)).join('\n');
  expect(about).toContain('.site-header');
  expect(about).toContain('.skip-link');
  for (const other of ['.home-hero', '.browser__list', '.pagination', '.upload-status'])
    expect(about).not.toContain(other);
  await page.goto('/');
  await headerReady(page);
  await belowFoldStyled(page);
  const home = (await selectors(page)).join('\n');
  expect(home).toContain('.home-hero');
  expect(home.length).toBeGreaterThan(about.length);
  expect(violations).toEqual([]);
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
  const link = /<link rel="stylesheet" href="(\/_astro\/styles\/page\.[\w-]+\.css)" data-fold disabled>/.exec(
    served,
  );
  expect(link, 'the fold stylesheet, disabled').not.toBeNull();
  expect(served).toContain(`<noscript><link rel="stylesheet" href="${link![1]}"></noscript>`);
  const whole = await (await request.get(link![1]!)).text();
  for (const rule of ['.home-hero', '.section-head', '.site-footer']) expect(whole).toContain(rule);

  // In the browser: requested only after the first paint, then what is below the fold is styled.
  const violations = cspViolations(page);
  await page.goto('/');
  await belowFoldStyled(page);
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
  await headerReady(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('dialog.mobile-menu-dialog');
  await expect(menu).toBeVisible();
  // `dialog.mobile-menu-dialog`: a full-height panel on the right, not the browser's centred dialog.
  const box = (await menu.boundingBox())!;
  expect(Math.round(box.height)).toBe(823);
  expect(Math.round(box.x + box.width)).toBe(412);
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
