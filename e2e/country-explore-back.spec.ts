import { test, expect } from '@playwright/test';
import { serveNewLand } from './helpers/new-country.ts';

// "Explore Other Countries" on a country without programs goes back in history
// (spec 1 section 2.6), and to /destinations only when there is no page of ours to go back to.

test('Explore Other Countries goes back to the page the person came from', async ({ page }) => {
  await page.goto('/support');
  await page.evaluate(() => window.scrollTo(0, 400));
  // Followed a link from our own page (a script navigation keeps the referrer, as a click does).
  await page.evaluate(() => {
    location.href = '/country-details/japan';
  });
  await page.waitForURL('**/country-details/japan');
  await expect(page.getByRole('heading', { name: 'No Programs Available' })).toBeVisible();
  // Its script is in the page (scripts/build/page-scripts.ts): no script file is requested before
  // the first paint.
  await expect(page.locator('script[type="module"][src]')).toHaveCount(0);
  const link = page.getByRole('link', { name: 'Explore Other Countries' });
  await expect(link).toHaveAttribute('href', '/destinations');
  await link.click();
  await page.waitForURL('**/support');
  expect(await page.evaluate(() => history.length)).toBe(3); // went back, not forward to a new entry
});

test('opened directly (no history), it goes to /destinations', async ({ page }) => {
  await page.goto('/country-details/japan');
  await page.getByRole('link', { name: 'Explore Other Countries' }).click();
  await page.waitForURL('**/destinations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('arriving from another site, it stays on this site (/destinations)', async ({ page }) => {
  await page.goto('/country-details/japan', { referer: 'https://search.example.org/?q=study+in+japan' });
  await page.getByRole('link', { name: 'Explore Other Countries' }).click();
  await page.waitForURL('**/destinations');
});

test('the same in a country newer than the build (the fallback shell, an island)', async ({ page }) => {
  await serveNewLand(page, { name: 'New Land', code: 'NL', capital: 'Port' });
  await page.goto('/about-us');
  await page.evaluate(() => {
    location.href = '/country-details/new-land';
  });
  await page.getByRole('link', { name: 'Explore Other Countries' }).click();
  await page.waitForURL('**/about-us');
});
