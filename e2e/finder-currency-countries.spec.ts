import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated } from './helpers/islands.ts';
import { expectAccessible } from './helpers/axe.ts';
import { finderReady } from './helpers/finder.ts';

// Several page loads, sign-ins and axe runs a test: on a shared, busy machine they take minutes.
test.describe.configure({ timeout: 240_000 });

// Prices in the currency of the URL on the finder's cards, the subject page
// and compare (surviving reload and sharing); several countries at once; "Saved" in words; an empty
// result that offers Reset Filters without pages; one tap to the finder and the jobs from home,
// Study Abroad and Work Abroad. Programs are read as the API answers now (other specs add some).

interface Programs {
  total: number;
  items: { _id: string; name: string; currency: string }[];
}
const api = async (request: APIRequestContext, qs: string) =>
  (await (await request.get(`/api/programs${qs}`)).json()) as Programs;
const count = (page: Page) => page.locator('.browser__count');
const results = (page: Page) => page.getByTestId('program-results');
const country = (page: Page, id: string) => page.locator(`input[name="country"][value="${id}"]`);
/** A price shown in naira: "≈ NGN 45,100,000 / Year" (en-GB writes the code, some engines the sign). */
const inNaira = /^≈ (NGN|₦)\s?[\d,]+ \/ Year/;

test('?currency=NGN shows every price in naira: the cards, the subject page and compare; reload and links keep it', async ({
  page,
}) => {
  await page.goto('/courses?currency=NGN');
  await finderReady(page);
  await expect(page.getByLabel('Show prices in')).toHaveValue('NGN');
  const prices = results(page).getByTestId('program-price');
  await expect(prices.first()).toHaveText(inNaira);
  // Each converted price keeps the program's own beside it, e.g. "(£28,750 / Year)".
  await expect(prices.first()).toContainText(/\(.+ \/ Year\)/);
  await page.reload();
  await finderReady(page);
  await expect(page).toHaveURL(/[?&]currency=NGN\b/);
  await expect(results(page).getByTestId('program-price').first()).toHaveText(inNaira);

  // Compare two: the tray's link carries the currency, and the table shows naira.
  const boxes = results(page).getByRole('checkbox', { name: /^Compare/ });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const compareLink = page.getByRole('link', { name: 'Compare 2 programs' });
  await expect(compareLink).toHaveAttribute('href', /[?&]currency=NGN$/);
  await compareLink.click();
  await hydrated(page, 'CompareTable');
  await expect(page.getByLabel('Show costs in')).toHaveValue('NGN');
  const tuition = page.locator('tr[data-row="tuition"] td');
  await expect(tuition.first()).toContainText(/≈ (NGN|₦)/);
  await expect(page.getByTestId('compare-cost').first()).toContainText(/(NGN|₦)/);
  // The footnote names the rates' source and date in words, not a setting.
  const note = page.locator('.total-cost__note').first();
  await expect(note).toContainText(
    /Costs converted into NGN at exchange rates as of \d{1,2} \w+ \d{4} \(approximate mid-market rates checked by our advisers\)/,
  );
  await expect(page.locator('main')).not.toContainText('RATES_URL');

  // From compare to a program: still naira, its tuition and its cost table.
  const apply = page.getByRole('link', { name: /^Apply to / }).first();
  await expect(apply).toHaveAttribute('href', /\?currency=NGN$/);
  await apply.click();
  await expect(page).toHaveURL(/\/subject\/.+\?currency=NGN$/);
  const fee = page.getByTestId('tuition');
  await fee.scrollIntoViewIfNeeded();
  await expect(fee).toHaveText(inNaira);
  await page.locator('section.total-cost').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('cost-breakdown')).toHaveAttribute('data-currency', 'NGN');
  await expectAccessible(page);
});

test('a shared subject link with ?currency shows that currency to a new visitor; picking another rewrites the link', async ({
  page,
  request,
}) => {
  const program = (await api(request, '?sort=name')).items.find((p) => p.currency === 'GBP')!;
  await page.goto(`/subject/${program._id}?currency=USD`);
  const fee = page.getByTestId('tuition');
  await fee.scrollIntoViewIfNeeded();
  await expect(fee).toHaveText(/^≈ (US\$|\$)[\d,]+ \/ Year/);
  await page.locator('section.total-cost').scrollIntoViewIfNeeded();
  await hydrated(page, 'TotalCost');
  await expect(page.getByTestId('cost-breakdown')).toHaveAttribute('data-currency', 'USD');
  await page.locator('section.total-cost').getByLabel('Show costs in').selectOption('EUR');
  await expect(page).toHaveURL(/\?currency=EUR$/);
  await expect(fee).toHaveText(/^≈ €[\d,]+ \/ Year/);
  await page.reload();
  await page.getByTestId('tuition').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('tuition')).toHaveText(/^≈ €[\d,]+ \/ Year/);
});

test('several countries at once: the link, the boxes and the count agree with the API', async ({
  page,
  request,
}) => {
  const both = await api(request, '?country=united-kingdom,canada');
  const uk = await api(request, '?country=united-kingdom');
  expect(both.total).toBeGreaterThan(uk.total);
  await page.goto('/courses?country=united-kingdom,canada');
  await finderReady(page);
  await expect(country(page, 'united-kingdom')).toBeChecked();
  await expect(country(page, 'canada')).toBeChecked();
  await expect(count(page)).toHaveText(`${both.total} programs found`);
  await country(page, 'canada').uncheck();
  await expect(page).toHaveURL(/\/courses\?country=united-kingdom$/);
  await expect(count(page)).toHaveText(`${uk.total} programs found`);
  await country(page, 'ireland').check();
  await expect(page).toHaveURL(/\/courses\?country=united-kingdom,ireland$/);
  const ukIreland = await api(request, '?country=united-kingdom,ireland');
  await expect(count(page)).toHaveText(`${ukIreland.total} programs found`);
});

test('an empty result offers Reset Filters and shows no pages; Reset brings every program back', async ({
  page,
  request,
}) => {
  const all = await api(request, '');
  await page.goto('/courses?q=zzqxnothingmatches&country=canada');
  await finderReady(page);
  const empty = page.getByTestId('finder-empty');
  await expect(empty).toContainText('No programs found matching your criteria.');
  await expect(page.getByRole('navigation', { name: 'Result pages' })).toBeHidden();
  await expectAccessible(page);
  await empty.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(count(page)).toHaveText(`${all.total} programs found`);
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('navigation', { name: 'Result pages' })).toBeVisible();
});

test('Save reads "Saved" once saved, on a card and on the program page', async ({ page }) => {
  await page.goto('/courses');
  await finderReady(page);
  const first = results(page).locator('li').first();
  const name = (await first.locator('h3').textContent())!.trim();
  await first.getByRole('button', { name: `Save ${name}`, exact: true }).click();
  const saved = first.getByRole('button', { name: `Saved ${name}`, exact: true });
  await expect(saved).toBeVisible();
  // The word shown, not only the colour (the program's name beside it is for screen readers).
  await expect(saved.locator('span:not(.visually-hidden)')).toHaveText('Saved');
  await saved.click();
  await expect(
    first.getByRole('button', { name: `Save ${name}`, exact: true }).locator('span:not(.visually-hidden)'),
  ).toHaveText('Save');
});

test('one tap to the finder and the jobs: the home search box, Study Abroad and Work Abroad', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('Data Science');
  await page.getByRole('button', { name: 'Find courses' }).click();
  await expect(page).toHaveURL(/\/courses\?q=Data\+Science$/);
  await finderReady(page);
  await expect(page.getByLabel('Search by subject')).toHaveValue('Data Science');
  const found = await api(request, '?q=Data%20Science');
  await expect(count(page)).toHaveText(`${found.total} ${found.total === 1 ? 'program' : 'programs'} found`);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'See jobs abroad' })).toHaveAttribute('href', '/job');
  await page.goto('/destinations');
  await expect(page.getByRole('link', { name: 'Find a course' })).toHaveAttribute('href', '/courses');
  await expect(page.getByRole('link', { name: 'See jobs abroad' })).toHaveAttribute('href', '/job');
  await page.goto('/recruitments');
  await expect(page.getByRole('link', { name: 'See all open jobs' })).toHaveAttribute('href', '/job');
  await expect(page.getByRole('link', { name: 'Studying abroad? Find a course' })).toHaveAttribute(
    'href',
    '/courses',
  );
  // Still the spec's four navigation links.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Home',
    'Study Abroad',
    'Work Abroad',
    'About Us',
  ]);
});
