/// <reference lib="dom" />
// Exactly one `main` landmark and no duplicate id on every page, first in the
// build output (all pages, as served before any script runs), then in the browser after the
// islands have rendered (one page of each template, since islands add markup the build does not have).
import { test, expect, type Page } from '@playwright/test';
import { builtPages, markupOnly } from './helpers/built-pages.ts';
import { axeViolations, landmarkProblems } from './helpers/axe.ts';
import { PUBLIC_PAGES, clientRendered, templateOf } from './helpers/checked-pages.ts';
import { hydrateIslands } from './helpers/islands.ts';

test('every built page has one <main> and unique ids (build output)', () => {
  const problems: string[] = [];
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(100);
  for (const { route, html } of pages) {
    const markup = markupOnly(html);
    const mains = (markup.match(/<main[\s>]/g) ?? []).length + (markup.match(/role="main"/g) ?? []).length;
    // The back office's one <main> exists only in the browser (checked below).
    if (mains !== (clientRendered(route) ? 0 : 1)) problems.push(`${route}: ${mains} main landmarks`);
    const counts = new Map<string, number>();
    for (const m of markup.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]*)"/g))
      counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
    for (const [id, n] of counts) if (n > 1) problems.push(`${route}: id "${id}" × ${n}`);
  }
  expect(problems).toEqual([]);
});

/**
 * One route per template from the build (the first of each dynamic kind, and one of the back
 * office: signed out, each of its routes shows the same sign-in), leaving out the templates
 * public-pages.spec.ts checks the same way in its own visits.
 */
function templates() {
  const seen = new Set(PUBLIC_PAGES.map(templateOf));
  return builtPages()
    .map((p) => p.route)
    .filter((route) => {
      const kind = templateOf(route);
      if (seen.has(kind)) return false;
      seen.add(kind);
      return true;
    });
}

test.describe('in the browser, after the islands render', () => {
  // One tab for every template, in turn: a tab of its own each cost a second apiece to open and
  // close on CI's two cores, and nothing here signs in or stores anything between pages.
  test.describe.configure({ timeout: 180_000 });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
  });
  test.afterAll(async () => {
    await page.close();
  });
  for (const route of templates()) {
    test(`one main, unique ids, axe at moderate: ${route}`, async () => {
      await page.goto(route);
      // Signed-out back-office and dashboard pages move on to their sign-in page: check where they land.
      // (a move follows the session check's response, so the network is busy until it has happened).
      for (let i = 0; i < 5; i++) {
        const url = page.url();
        await page.waitForLoadState('networkidle');
        if (page.url() === url) break;
      }
      await hydrateIslands(page);
      expect(await landmarkProblems(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
