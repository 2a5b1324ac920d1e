import { test, expect } from '@playwright/test';
import { holdIsland, hydrated } from './helpers/islands.ts';

// site/lib/early-submit.ts: a form an island draws on the server is not sent the browser's way
// (a GET of the same page with every field in the address) when it is pressed before the island
// runs, as a person on a slow phone may do.
test('a sign-in pressed before its form is ready stays on the page: no password in the address, nothing typed lost', async ({
  page,
}) => {
  const release = await holdIsland(page, 'LoginForm');
  await page.goto('/login');
  await page.getByLabel('Email').fill('early@example.com');
  await page.getByLabel('Password').fill('typed-too-soon-1');
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // A form sent the browser's way navigates at once: give it the time it would take.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  expect(page.url()).not.toContain('?');
  expect(page.url()).toMatch(/\/login\/?$/);
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
  await expect(page.getByLabel('Password')).toHaveValue('typed-too-soon-1');

  // Once the island runs, the form sends as it should (an unknown account: the server's answer).
  // React finishes hydrating a moment after Astro marks the island: what was typed before may be
  // cleared, so a person types again.
  release();
  await hydrated(page, 'LoginForm');
  await expect(async () => {
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password').fill('typed-too-soon-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password', { timeout: 3_000 });
  }).toPass();
  expect(page.url()).not.toContain('?');
});

test('a search form with an address of its own goes there all the same before its island runs', async ({
  page,
}) => {
  await holdIsland(page, 'SearchResults');
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search subjects' }).fill('nursing');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/?\?query=nursing$/);
});
