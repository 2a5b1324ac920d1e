import type { Page } from '@playwright/test';

/**
 * Whether this run keeps full-page pictures of what the tests walk through, for a person to look
 * over (`SCREENSHOTS=1 npm run test:e2e`, into the uncommitted e2e/screenshots/). They assert
 * nothing (the reviewed baselines are the screen states' `toHaveScreenshot`, e2e/helpers/
 * screen-state.ts), and each costs 0.5–2.7 s on a two-core machine: about 90 s a run, kept for
 * when someone will look.
 */
export const keepPictures = process.env.SCREENSHOTS === '1';

/** A picture of the page as it is now, as e2e/screenshots/<name>.png, when pictures are kept. */
export async function picture(page: Page, name: string, { fullPage = true } = {}) {
  if (!keepPictures) return;
  // Lazy images the caller scrolled past finish arriving first.
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage });
}
