/// <reference lib="dom" />
// A first view paints in the local fallback faces and downloads no web font before
// it has loaded; it then fetches Inter into the cache, and the next page is set in Inter from its
// first paint (site/lib/web-font.ts). No text changes font while it is being read.
import { test, expect } from '@playwright/test';

test('Inter is fetched after the first view has loaded, and used from the second view on', async ({
  page,
}) => {
  const fontRequests: number[] = [];
  let loadedAt = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'font') fontRequests.push(Date.now());
  });
  page.on('load', () => {
    loadedAt = Date.now();
  });
  await page.goto('/destinations');
  const family = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(await family()).not.toContain('Inter Variable');
  expect(await page.evaluate(() => document.documentElement.classList.contains('font-inter'))).toBe(false);
  // Fetched in the background once the page has loaded, then remembered.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('font:inter')), { timeout: 15_000 })
    .toBe('1');
  expect(fontRequests.length).toBeGreaterThan(0);
  expect(loadedAt).toBeGreaterThan(0);
  expect(Math.min(...fontRequests)).toBeGreaterThanOrEqual(loadedAt);
  // The page being read kept its face.
  expect(await family()).not.toContain('Inter Variable');

  await page.goto('/courses');
  expect(await page.evaluate(() => document.documentElement.classList.contains('font-inter'))).toBe(true);
  expect(await family()).toContain('Inter Variable');
  await expect.poll(() => page.evaluate(() => document.fonts.check('1em "Inter Variable"'))).toBe(true);
});
