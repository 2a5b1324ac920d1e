import { test, expect } from '@playwright/test';
import { hydrated } from './helpers/islands.ts';

// "AI", "IT", "UX" find programs by their descriptions too, in the header and on
// /search (a 1-2 character query: name substring or a whole word of the description).

test('the header search for "AI" lists a program whose description (not name) is about AI', async ({
  page,
}) => {
  await page.goto('/destinations');
  const box = page.getByRole('combobox', { name: 'Search subjects' }).first();
  // Typed at once, maybe before the header's script: the suggestions show once it is wired.
  await box.fill('AI');
  const options = page.getByRole('listbox', { name: 'Matching subjects' }).first().getByRole('option');
  // "MS Computer Science" at Arizona State: "...modern AI..." in its description only.
  await expect(options.filter({ hasText: 'MS Computer Science' }).first()).toBeVisible();
  await expect(page.locator('.search__box [role="status"]')).toHaveText(/^\d+ subjects? found$/);
  await box.press('Escape');
  await box.fill('ux');
  await expect(options.first()).toBeVisible();
  await expect(options.first()).not.toHaveText('No subjects found');
});

test('/search?query=AI and ?query=IT match descriptions and count them', async ({ page }) => {
  const answer = page.waitForResponse((r) => r.url().includes('/api/subjects/search?q=AI'));
  await page.goto('/search?query=AI');
  await hydrated(page, 'SearchResults');
  const res = await answer;
  const body = (await res.json()) as {
    results: { _id: string; name: string; description: string }[];
    total: number;
  };
  expect(body.results.map((r) => r._id)).toContain('ms-computer-science-arizona-state-university');
  const list = page.getByTestId('search-results');
  await expect(list.getByRole('link', { name: 'MS Computer Science' }).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`^${body.total} subjects? found for “AI”`))).toBeVisible();

  await page.goto('/search?query=IT');
  await expect(
    page.getByTestId('search-results').getByRole('link', { name: 'Master of Information Technology' }),
  ).toBeVisible();
});
