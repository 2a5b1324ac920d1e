import { expect, type Locator } from '@playwright/test';

/** Waits until the Astro island holding this element has hydrated (Astro drops `ssr` when done). */
export async function hydrated(locator: Locator) {
  await locator.first().scrollIntoViewIfNeeded();
  const island = locator.page().locator('astro-island', { has: locator.first() }).last();
  await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
}
