import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { jobMatches, type JobFilterTerms } from '#schemas/recruitment-text.ts';
import { hydrated } from './helpers/islands.ts';
import { expectAccessible } from './helpers/axe.ts';

// Several page loads, sign-ins and axe runs a test: on a shared, busy machine they take minutes.
test.describe.configure({ timeout: 240_000 });

// On /job the Keywords, Category and Location boxes filter the list as the person
// types (spec 2's job filter), the terms live in the URL, and "Create an alert for this search"
// offers the same terms. The expected cards are worked out from the open jobs the API lists now and
// the cards the page carries (other specs may close or add jobs).

interface Job {
  _id: string;
  title: string;
  company: string;
  location: string;
  description: string;
  category: string;
}
const openJobs = async (request: APIRequestContext) =>
  (await (await request.get('/api/applyjobs')).json()) as Job[];

/** The ids of the cards showing, in page order. */
const shownCards = (page: Page) =>
  page
    .locator('[data-job-id]:visible')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-job-id')));

/** The cards the filter should leave: those on the page whose job passes. */
async function expected(page: Page, jobs: Job[], terms: JobFilterTerms) {
  const onPage = await page
    .locator('[data-job-id]')
    .evaluateAll((c) => c.map((e) => e.getAttribute('data-job-id')));
  const passing = new Set(jobs.filter((j) => jobMatches(j, terms)).map((j) => j._id));
  return onPage.filter((id) => id !== null && passing.has(id));
}

async function ready(page: Page) {
  await hydrated(page, 'JobFilters');
}

test('typing filters the list at once, keeps the terms in the URL, and a reload shows the same list', async ({
  page,
  request,
}) => {
  const jobs = await openJobs(request);
  await page.goto('/job');
  await ready(page);
  const all = await shownCards(page);
  expect(all.length).toBeGreaterThan(3);

  // Keywords: trimmed and case-insensitive, in the title, company, location or description.
  await page.getByLabel('Keywords').pressSequentially('  CARE', { delay: 30 });
  const care = await expected(page, jobs, { q: 'care' });
  expect(care.length).toBeGreaterThan(0);
  expect(care.length).toBeLessThan(all.length);
  await expect.poll(() => shownCards(page)).toEqual(care);
  await expect(page.locator('.rc-count')).toHaveText(`${care.length} Job's Found.`);
  await expect(page).toHaveURL(/\/job\?q=CARE$/);

  // Location narrows further; the category list starts with all categories.
  await page.getByLabel('Location').fill('united kingdom');
  const careUk = await expected(page, jobs, { q: 'care', location: 'united kingdom' });
  await expect.poll(() => shownCards(page)).toEqual(careUk);
  await expect(page).toHaveURL(/\/job\?q=CARE&location=united\+kingdom$/);
  await expect(page.getByLabel('Category').locator('option').first()).toHaveText('All categories');

  await page.reload();
  await ready(page);
  await expect(page.getByLabel('Keywords')).toHaveValue('CARE');
  await expect(page.getByLabel('Location')).toHaveValue('united kingdom');
  await expect.poll(() => shownCards(page)).toEqual(careUk);
  await expectAccessible(page);
});

test('a category from a shared link; nothing found offers another keyword, which shows every job again', async ({
  page,
  request,
}) => {
  const jobs = await openJobs(request);
  const category = jobs[0]!.category;
  await page.goto(`/job?category=${encodeURIComponent(category)}`);
  await ready(page);
  await expect(page.getByLabel('Category')).toHaveValue(category);
  await expect.poll(() => shownCards(page)).toEqual(await expected(page, jobs, { category }));

  await page.getByLabel('Keywords').fill('zzqx no such job');
  const empty = page.getByTestId('jobs-empty');
  await expect(empty).toContainText('There is no jobs found');
  await expect(empty).toContainText('No jobs found. Please search for something else.');
  await expect.poll(() => shownCards(page)).toEqual([]);
  await expectAccessible(page);
  await empty.getByRole('button', { name: 'Use another keyword' }).click();
  await expect(page).toHaveURL(/\/job$/);
  await expect(page.getByLabel('Keywords')).toBeFocused();
  await expect(page.getByLabel('Category')).toHaveValue('');
  await expect
    .poll(async () => (await shownCards(page)).length)
    .toBe(await page.locator('[data-job-id]').count());
});

test('"Create an alert for this search" offers the terms typed', async ({ page }) => {
  await page.goto('/job');
  await ready(page);
  await expect(page.getByRole('button', { name: 'Create an alert for this search' })).toHaveCount(0);
  await page.getByLabel('Keywords').fill(' welder ');
  await page.getByLabel('Location').fill('Rotterdam');
  await page.getByRole('button', { name: 'Create an alert for this search' }).click();
  // Not signed in: the window names the search, then asks to sign in.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Search: "welder" near Rotterdam');
  await expect(dialog.getByRole('button', { name: /^Log ?in$/i }).first()).toBeVisible();
});
