/// <reference lib="dom" />
// Issue 16 item 13: exactly one `main` landmark and no duplicate id on every page, first in the
// build output (all pages, as served before any script runs), then in the browser after the
// islands have rendered (one page of each template, since islands add markup the build does not have).
import { test, expect } from '@playwright/test';
import { builtPages, markupOnly } from './helpers/built-pages.ts';
import { axeViolations, landmarkProblems } from './helpers/axe.ts';

// The back office's shell is rendered by its client-only island: its one <main> exists only in
// the browser (checked below).
const clientRendered = (route: string) => route === '/admin' || route.startsWith('/admin/');

test('every built page has one <main> and unique ids (build output)', () => {
  const problems: string[] = [];
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(100);
  for (const { route, html } of pages) {
    const markup = markupOnly(html);
    const mains = (markup.match(/<main[\s>]/g) ?? []).length + (markup.match(/role="main"/g) ?? []).length;
    if (mains !== (clientRendered(route) ? 0 : 1)) problems.push(`${route}: ${mains} main landmarks`);
    const counts = new Map<string, number>();
    for (const m of markup.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]*)"/g))
      counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
    for (const [id, n] of counts) if (n > 1) problems.push(`${route}: id "${id}" × ${n}`);
  }
  expect(problems).toEqual([]);
});

/** One route per template (the first of each dynamic kind, and of the back office), from the build. */
function templates() {
  const seen = new Set<string>();
  return builtPages()
    .map((p) => p.route)
    .filter((route) => {
      // The back office is one client-rendered shell: signed out, each of its routes shows its sign-in.
      const kind =
        /^\/(country-details|subject|job)\/[^/]+$/.test(route) || clientRendered(route)
          ? route.split('/')[1]!
          : route;
      if (seen.has(kind)) return false;
      seen.add(kind);
      return true;
    });
}

test.describe('in the browser, after the islands render', () => {
  // The home page hydrates nine islands one after another in view: minutes on a busy machine.
  test.describe.configure({ timeout: 180_000 });
  for (const route of templates()) {
    test(`one main, unique ids, axe at moderate: ${route}`, async ({ page }) => {
      await page.goto(route === '/404' ? '/no-such-page' : route);
      // Signed-out back-office and dashboard pages move on to their sign-in page: check where they land.
      for (let i = 0; i < 5; i++) {
        await page.waitForLoadState('networkidle');
        const url = page.url();
        await page.waitForTimeout(750);
        if (page.url() === url) break;
      }
      // Bring each client:visible island into view and give it time to hydrate (and fetch): their
      // markup after hydration is what is checked. Bounded, so a busy machine slows the test only.
      const deadline = Date.now() + 45_000;
      const islands = await page.$$('astro-island[ssr]');
      for (const island of islands) {
        if (Date.now() > deadline) break;
        // <astro-island> is display: contents and has no box to scroll to: scroll its first child.
        // An island inside another is replaced when the outer one hydrates: detached counts as done.
        await island
          .evaluate((el) => (el.firstElementChild ?? el).scrollIntoView({ block: 'center' }))
          .catch(() => {});
        await page
          .waitForFunction((el) => !el.isConnected || !el.hasAttribute('ssr'), island, {
            timeout: Math.max(1000, Math.min(10_000, deadline - Date.now())),
          })
          .catch(() => {});
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForLoadState('networkidle');
      expect(await landmarkProblems(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
