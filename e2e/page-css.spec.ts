import { test, expect, type Page } from '@playwright/test';
import { cspViolations } from './helpers/csp.ts';
import { headerReady, hydrated } from './helpers/islands.ts';

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
  const home = (await selectors(page)).join('\n');
  expect(home).toContain('.home-hero');
  expect(home.length).toBeGreaterThan(about.length);
  expect(violations).toEqual([]);
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
