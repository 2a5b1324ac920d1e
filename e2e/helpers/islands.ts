import { expect, type Locator, type Page } from '@playwright/test';
import { PAGE_STYLESHEET_ATTRIBUTE } from '#site/lib/fold.ts';

/**
 * Resolves once the page's whole stylesheet, if it links one (scripts/build/page-css.ts), has applied.
 * Until then what is below a fold, and what only an island renders, may lack its rules, and an
 * island scrolled into view can move out of it when they arrive (after the first paint): scroll and
 * look after this.
 */
export async function pageStyled(page: Page) {
  await page.waitForFunction(
    (attribute) =>
      [...document.querySelectorAll<HTMLLinkElement>(`link[${attribute}]`)].every(
        (link) => !link.disabled && link.sheet !== null,
      ),
    PAGE_STYLESHEET_ATTRIBUTE,
    { timeout: 15_000 },
  );
}

/** Scrolls an island into view and waits until Astro has hydrated it (the `ssr` attribute goes). */
export async function hydrated(page: Page, component: string) {
  const island = page.locator(`astro-island[component-url*="${component}"]`).first();
  await expect(island).toHaveCount(1);
  await pageStyled(page);
  // In one step in the page: hydration can replace the island's first child between a locator's
  // resolving it and scrolling it ("element is not attached", seen on two busy workers).
  // Chromium's scrollIntoViewIfNeeded: what a locator's does (centred, only when not wholly in view).
  // Its first child in the page's flow: one fixed to the viewport (a toast lane) is in view already
  // and scrolls nothing, and the island's visible directive does not watch it
  // (site/directives/after-paint.ts).
  await island.evaluate((el) => {
    const inFlow = [...el.children].find((child) => getComputedStyle(child).position !== 'fixed');
    const first = (inFlow ?? el) as Element & { scrollIntoViewIfNeeded(center: boolean): void };
    first.scrollIntoViewIfNeeded(true);
  });
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
  return island;
}

/** Waits until the island holding this element has hydrated (for islands named by what they show). */
export async function hydratedAround(locator: Locator) {
  await pageStyled(locator.page());
  await locator.first().scrollIntoViewIfNeeded();
  const island = locator.page().locator('astro-island', { has: locator.first() }).last();
  await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
}

/**
 * The header's script (site/client-scripts/site-header.ts) has run: its buttons, rendered disabled
 * because none works without it (SiteHeader.astro), are enabled, and the stored session is shown.
 * A click on one of them waits for this by itself, and a signed-in header shows its account button:
 * this is for a test that must know the script ran where a visitor sees nothing change (a wide
 * screen hides the menu button, but it is enabled all the same).
 */
export async function headerWired(page: Page, message = 'the header script has wired its buttons') {
  await expect(
    page.getByRole('button', { name: 'Open menu', exact: true, includeHidden: true }),
    message,
  ).toBeEnabled();
}

/**
 * Brings each island into view and waits for it to hydrate (and fetch), then scrolls back to the
 * top: the markup after hydration is what an accessibility check should see. Bounded, so a busy
 * machine slows the caller only.
 */
export async function hydrateIslands(page: Page, budgetMs = 45_000) {
  const deadline = Date.now() + budgetMs;
  await pageStyled(page);
  for (const island of await page.$$('astro-island[ssr]')) {
    if (Date.now() > deadline) break;
    // <astro-island> is display: contents and has no box to scroll to: scroll its first child in
    // the page's flow (as hydrated() does; a fixed toast lane first would scroll nothing, and the
    // island would wait out its budget unseen).
    await island
      .evaluate((el) => {
        const inFlow = [...el.children].find((child) => getComputedStyle(child).position !== 'fixed');
        (inFlow ?? el).scrollIntoView({ block: 'center' });
      })
      .catch(() => {});
    // An island inside another is replaced when the outer one hydrates: detached counts as done.
    await page
      .waitForFunction((el) => !el.isConnected || !el.hasAttribute('ssr'), island, {
        timeout: Math.max(1000, Math.min(10_000, deadline - Date.now())),
      })
      .catch(() => {});
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
}

/** Holds every request for `url` back until the returned function lets them through. */
async function holdRequests(page: Page, url: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds the page script (site/client-scripts/page.ts: the header's wiring, the islands) back until
 * the returned function lets it through: the page as first painted, for as long as a test needs.
 */
export const holdPageScript = (page: Page) => holdRequests(page, /\/_astro\/page\.[^/]*\.js$/);

/**
 * Holds the page's whole stylesheet (scripts/build/page-css.ts) back until the returned function lets
 * it through: the page as its first document styles it.
 */
export const holdPageStylesheet = (page: Page) => holdRequests(page, /\/_astro\/styles\/page\.[^/]*\.css$/);

/**
 * Holds an island's component code (astro-island's component-url, /_astro/Name.hash.js) back until
 * the returned function lets it through: the island as the server drew it, not yet hydrated.
 */
export const holdIsland = (page: Page, component: string) =>
  holdRequests(page, new RegExp(`/_astro/${component}\\.[^/]*\\.js$`));
