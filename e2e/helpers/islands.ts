import { expect, type Page } from '@playwright/test';

/** Scrolls an island into view and waits until Astro has hydrated it (the `ssr` attribute goes). */
export async function hydrated(page: Page, component: string) {
  const island = page.locator(`astro-island[component-url*="${component}"]`).first();
  await expect(island).toHaveCount(1);
  await island.locator('xpath=./*[1]').scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
  return island;
}

/** The header's script (site/client-scripts/site-header.ts) has run: menus wired, stored session shown. */
export async function headerReady(page: Page) {
  await expect(page.locator('header.site-header[data-hydrated="true"]')).toHaveCount(1, { timeout: 15_000 });
}
