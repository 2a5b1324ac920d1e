import { test, expect } from '@playwright/test';
import { hydratedAround } from './helpers/islands.ts';

test.describe('job list', () => {
  test('pages three at a time, searches, filters and shows the empty state', async ({ page }) => {
    await page.goto('/send-cv');
    const cards = page.locator('.rc-job-card');
    await expect(cards).toHaveCount(3);
    await hydratedAround(page.locator('.rc-jobs'));
    await expect(cards.first()).toContainText('Warehouse Operative');
    const pager = page.getByRole('navigation', { name: 'Job list pages' });
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: /^Page \d$/ })).toHaveCount(4);

    await pager.getByRole('button', { name: 'Page 4' }).click();
    await expect(pager.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(cards).toHaveCount(2);
    // The list scrolled to its top.
    await expect
      .poll(() =>
        page.evaluate('Math.abs(document.querySelector(".rc-jobs__top").getBoundingClientRect().top)'),
      )
      .toBeLessThan(120);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    // A search resets to page 1, trimmed and case-insensitive.
    await page.getByLabel('Search jobs').fill('  TALLINN ');
    await expect(page.getByText("1 Job's Found.")).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Construction Labourer');
    await expect(pager).toHaveCount(0);

    await page.getByLabel('Search jobs').fill('');
    const category = page.getByLabel('Category');
    await expect(category.locator('option').first()).toHaveText('All categories');
    await category.selectOption('Care assistant');
    await expect(page.getByText("2 Job's Found.")).toBeVisible();
    await expect(cards).toHaveCount(2);

    await page.getByLabel('Search jobs').fill('underwater basket weaving');
    await expect(page.getByRole('heading', { name: 'There is no jobs found' })).toBeVisible();
    await expect(page.getByText('No jobs found. Please search for something else.')).toBeVisible();
    await page.getByRole('button', { name: 'Use another keyword' }).click();
    await expect(page.getByLabel('Search jobs')).toBeFocused();
    await expect(cards).toHaveCount(3);
    await expect(category).toHaveValue('');
  });

  test('uses the two built-in jobs only when the list call fails', async ({ page }) => {
    await page.route('**/api/applyjobs**', (route) => route.abort());
    await page.goto('/send-cv');
    await expect(page.locator('.rc-job-card')).toHaveCount(2);
    await expect(page.locator('.rc-job-card').nth(1)).toContainText('Construction Labourer');
  });

  test('shows the error with Retry when a later call fails', async ({ page }) => {
    await page.goto('/send-cv');
    await expect(page.locator('.rc-job-card')).toHaveCount(3);
    await hydratedAround(page.locator('.rc-jobs'));
    await page.route('**/api/applyjobs**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Server down' }),
      }),
    );
    await page.getByLabel('Search jobs').fill('cleaner');
    await expect(page.getByText('Error loading jobs: Server down')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

test.describe('/job and /job/{id}', () => {
  test('the list links to a job page with every detail, URGENT, Back to jobs and Share', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/job');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Work-permit jobs');
    await expect(page.locator('.rc-job-card')).toHaveCount(11);
    await page.getByRole('link', { name: 'Warehouse Operative' }).click();
    await expect(page).toHaveURL(/\/job\/warehouse-operative-rotterdam\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Warehouse Operative');
    await expect(page.getByText('URGENT')).toBeVisible();
    await expect(page.getByText('Full-time, Permanent')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Requirements' })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Back to jobs' })).toHaveAttribute('href', '/job');
    await hydratedAround(page.getByRole('button', { name: 'Share' }));
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }),
    );
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate('navigator.clipboard.readText()')).toContain(
      '/job/warehouse-operative-rotterdam',
    );
    await page.getByRole('button', { name: 'Apply to job' }).click();
    await expect(page.getByRole('dialog', { name: 'Apply: Warehouse Operative' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log in to apply' })).toBeVisible();
  });

  test('an unknown id shows Job not found with a link to /recruitments', async ({ page }) => {
    await page.goto('/job/no-such-job-here');
    await expect(page.getByRole('heading', { name: 'Job not found' })).toBeVisible();
    await expect(page.getByText("doesn't exist or has been removed")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to recruitments' })).toHaveAttribute(
      'href',
      '/recruitments',
    );
  });

  test('a job added after the build is rendered by the shell from the API', async ({ page }) => {
    await page.route('**/api/jobs/brand-new-role', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          _id: 'brand-new-role',
          id: 'brand-new-role',
          title: 'Brand New Role',
          position: 'Brand New Role',
          description: 'Fresh role.',
          category: 'Hospitality',
          company: 'New Co',
          location: 'Leeds, UK',
          address: '1 New Street, Leeds',
          startDate: '2027-01-01',
          endDate: '2027-12-31',
          recruitmentType: 'Work Permit',
          employment: ['Part-time'],
          schedule: 'Weekends',
          payment: '€12 per hour',
          hiring: 'Hiring 2',
          urgent: true,
          tags: ['New'],
          type: 'Work permit',
          requirements: ['Friendly'],
          companyInfo: { name: 'New Co', website: 'https://new.example.com', about: 'New company.' },
          status: 'open',
        }),
      }),
    );
    await page.goto('/job/brand-new-role');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brand New Role');
    await expect(page.getByText('URGENT')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply to job' })).toBeVisible();
  });
});
