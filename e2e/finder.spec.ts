import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './helpers/axe.ts';
import { hydrated } from './helpers/islands.ts';
import { latestCode, uniqueEmail } from './helpers/mailbox.ts';
import { finderReady } from './helpers/finder.ts';

// The program finder: filters in the URL, facet counts, the phone sheet, saved programs
// (visitor, then merged at sign-in), compare, and the estimated total cost in two currencies.

interface Programs {
  total: number;
  items: { _id: string; name: string }[];
  facets: Record<string, { value: string; label: string; count: number }[]>;
}
const api = async (request: APIRequestContext, qs: string) =>
  (await (await request.get(`/api/programs${qs}`)).json()) as Programs;

const count = (page: Page) => page.locator('.browser__count');
/** A country's box in the finder's Countries filter (several can be chosen). */
const country = (page: Page, id: string) => page.locator(`input[name="country"][value="${id}"]`);
const resultNames = (page: Page) => page.getByTestId('program-results').locator('h3').allTextContents();

async function expectNoSeriousA11yIssues(page: Page) {
  expect(await axeViolations(page, { atLeast: 'serious' })).toEqual([]);
}

test.describe('finder', () => {
  test('a shared link opens the same results, with its filters shown', async ({ page, request }) => {
    const shared = '?country=united-kingdom&level=Master&maxFee=30000&currency=GBP';
    const expected = await api(request, shared);
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(80);
    await page.goto(`/courses${shared}`);
    await finderReady(page);
    await expect(count(page)).toHaveText(`${expected.total} programs found`);
    expect(await resultNames(page)).toEqual(expected.items.map((i) => i.name));
    await expect(country(page, 'united-kingdom')).toBeChecked();
    await expect(page.getByLabel('Level')).toHaveValue('Master');
    await expect(page.getByLabel('Tuition to')).toHaveValue('30000');
    await expect(page.getByLabel('Show prices in')).toHaveValue('GBP');
    await expect(page.getByRole('button', { name: 'Reset Filters' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    // A link to a later page stays on it.
    const second = await api(request, '?country=united-kingdom&page=2');
    // The page's clock, run forward below (it runs as usual until then).
    await page.clock.install();
    await page.goto('/courses?country=united-kingdom&page=2');
    await finderReady(page);
    await expect(page.getByText(`Page 2 of ${Math.ceil(second.total / 12)}`)).toBeVisible();
    await expect.poll(() => resultNames(page)).toEqual(second.items.map((i) => i.name));
    // A minute passes, well past the typing delay (its timer fires): nothing resets the page.
    await page.clock.fastForward('01:00');
    await expect(page).toHaveURL(/page=2$/);
    await expect(page.getByText(`Page 2 of ${Math.ceil(second.total / 12)}`)).toBeVisible();
  });

  test('every filter change is a history entry: back and forward restore the results', async ({
    page,
    request,
  }) => {
    // Other specs add programs to the shared database: the total is whatever the API says now.
    const all = await api(request, '');
    await page.goto('/courses');
    await finderReady(page);
    await expect(count(page)).toHaveText(`${all.total} programs found`);
    await country(page, 'ireland').check();
    await expect(page).toHaveURL(/\/courses\?country=ireland$/);
    const ireland = await api(request, '?country=ireland');
    await expect(count(page)).toHaveText(`${ireland.total} programs found`);
    await page.getByLabel('Sort by').selectOption('fee');
    await expect(page).toHaveURL(/\/courses\?country=ireland&sort=fee$/);
    const byFee = await api(request, '?country=ireland&sort=fee');
    await expect.poll(() => resultNames(page)).toEqual(byFee.items.map((i) => i.name));

    await page.goBack();
    await expect(page).toHaveURL(/\/courses\?country=ireland$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await expect.poll(() => resultNames(page)).toEqual(ireland.items.map((i) => i.name));
    await page.goBack();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(count(page)).toHaveText(`${all.total} programs found`);
    await expect(country(page, 'ireland')).not.toBeChecked();
    await page.goForward();
    await expect(count(page)).toHaveText(`${ireland.total} programs found`);
    await expect(country(page, 'ireland')).toBeChecked();

    // Typing replaces the entry rather than adding one per keystroke; a page is an entry too.
    await page.getByLabel('Search by subject').fill('science');
    await expect(page).toHaveURL(/\?q=science&country=ireland$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test('each count shown beside a filter is the number of results it gives', async ({ page, request }) => {
    await page.goto('/courses?level=Master');
    await finderReady(page);
    // The counts shown are those of the link's filters (not the pre-rendered page's).
    await expect(count(page)).toHaveText(`${(await api(request, '?level=Master')).total} programs found`);
    const boxes = page.locator('input[name="country"]');
    let chosen: string | null = null;
    for (const box of (await boxes.all()).slice(0, 5)) {
      const label = (await box.locator('xpath=..').textContent())!.trim();
      const n = Number(/\((\d+)\)$/.exec(label)![1]);
      if (n === 0) continue;
      if (chosen) await country(page, chosen).uncheck();
      await box.check();
      chosen = await box.getAttribute('value');
      await expect(count(page), label).toHaveText(`${n} ${n === 1 ? 'program' : 'programs'} found`);
    }
    // Departments (the spec's radio filter) and intake months too, under the country chosen last.
    const radio = page.locator('input[name="department"]:not([value=""]):not([disabled])').first();
    const radioLabel = (await radio.locator('xpath=..').textContent())!;
    const m = Number(/\((\d+)\)/.exec(radioLabel)![1]);
    await radio.check();
    await expect(count(page)).toHaveText(`${m} ${m === 1 ? 'program' : 'programs'} found`);
    const month = page.getByLabel('Intake month').locator('option:not([value=""]):not([disabled])').first();
    const monthCount = Number(/\((\d+)\)$/.exec((await month.textContent())!)![1]);
    await page.getByLabel('Intake month').selectOption(await month.getAttribute('value'));
    await expect(count(page)).toHaveText(`${monthCount} ${monthCount === 1 ? 'program' : 'programs'} found`);
  });

  test('on a phone the filters open as a sheet with a "Show N results" button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/courses');
    await finderReady(page);
    const sheet = page.locator('dialog.finder__sheet');
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(sheet).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    await country(page, 'canada').check();
    const show = page.getByRole('button', { name: /^Show \d+ results?$/ });
    await expect(show).toHaveText(/Show 8 results/);
    await show.click();
    await expect(sheet).toBeHidden();
    await expect(count(page)).toHaveText('8 programs found');
    await expect(page).toHaveURL(/country=canada/);
  });
});

/** A verified student account, made through the API as the registration page would. */
async function newStudent(request: APIRequestContext) {
  const email = uniqueEmail('saver');
  const password = 'saver-pass-1';
  const reg = await request.post('/api/users/register', {
    data: {
      fullName: 'Saver Student',
      academicStatus: 'Graduate',
      contactNumber: `+44 20 7946 ${Math.floor(Math.random() * 1e6)}`,
      currentAddress: '1 Finder Street, Leeds',
      email,
      password,
    },
  });
  const { userId } = (await reg.json()) as { userId: string };
  const verified = await request.post('/api/users/verify-otp', {
    data: { userId, otp: await latestCode(request, email) },
  });
  expect(verified.ok()).toBe(true);
  const login = await request.post('/api/users/login', { data: { email, password } });
  return { email, password, token: ((await login.json()) as { token: string }).token };
}

test("a visitor saves programs, signs in, and finds them merged with the account's list", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const student = await newStudent(request);
  const first = await api(request, '');
  // Saved on the account earlier, from another device.
  const onServer = first.items[5]!;
  expect(
    (
      await request.put(`/api/users/saved-programs/${onServer._id}`, {
        headers: { Authorization: `Bearer ${student.token}` },
      })
    ).status(),
  ).toBe(201);

  // As a visitor: two from the finder, one from a program page.
  await page.goto('/courses');
  await finderReady(page);
  const results = page.getByTestId('program-results');
  for (const p of first.items.slice(0, 2)) {
    await results.getByRole('button', { name: `Save ${p.name}`, exact: true }).click();
    await expect(results.getByRole('button', { name: `Saved ${p.name}`, exact: true })).toBeVisible();
  }
  const subject = first.items[3]!;
  await page.goto(`/subject/${subject._id}`);
  const saveHere = page.getByRole('button', { name: `Save ${subject.name}`, exact: true });
  await expect(saveHere).toBeEnabled(); // in the hero: the island starts once the page is idle
  await saveHere.click();
  await expect(page.getByRole('button', { name: `Saved ${subject.name}`, exact: true })).toBeVisible();
  await expect(page.getByText('Saved programs stay in this browser.')).toBeVisible();
  const local = await page.evaluate(
    () => JSON.parse(localStorage.getItem('savedPrograms') ?? '[]') as string[],
  );
  expect(local).toEqual([first.items[0]!._id, first.items[1]!._id, subject._id]);

  // Sign in: the dashboard lists both lists, merged; the browser's copy is gone.
  await page.goto('/login');
  // Typed before the form hydrates, the e-mail is reset by React's first render (seen on a busy machine).
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/profile-bashboard-student/);
  const saved = page.getByTestId('saved-programs');
  await expect(saved.locator('li')).toHaveCount(4);
  for (const p of [...first.items.slice(0, 2), subject, onServer]) await expect(saved).toContainText(p.name);
  expect(await page.evaluate(() => localStorage.getItem('savedPrograms'))).toBeNull();
  const server = (await (
    await request.get('/api/users/saved-programs', { headers: { Authorization: `Bearer ${student.token}` } })
  ).json()) as { items: { subjectId: string }[] };
  expect(server.items.map((i) => i.subjectId).sort()).toEqual(
    [first.items[0]!._id, first.items[1]!._id, subject._id, onServer._id].sort(),
  );

  // Signed in, the program page shows it saved, and removing it from the dashboard reaches the server.
  await saved.getByRole('button', { name: `Remove ${onServer.name}`, exact: true }).click();
  await expect(saved.locator('li')).toHaveCount(3);
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get('/api/users/saved-programs', {
              headers: { Authorization: `Bearer ${student.token}` },
            })
          ).json()) as { items: unknown[] }
        ).items.length,
    )
    .toBe(3);
  await page.goto(`/subject/${subject._id}`);
  await expect(page.getByRole('button', { name: `Saved ${subject.name}`, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your saved programs' })).toBeVisible();
});

test.describe('compare', () => {
  test('three programs side by side: differing rows marked in words, a shareable URL, clean on A4', async ({
    page,
    request,
  }) => {
    await page.goto('/courses?sort=name');
    await finderReady(page);
    const results = page.getByTestId('program-results');
    const names = (await api(request, '?sort=name')).items.slice(0, 3).map((i) => i.name);
    await expect.poll(async () => (await resultNames(page)).slice(0, 3)).toEqual(names);
    for (const name of names) await results.getByRole('checkbox', { name: `Compare ${name}` }).check();
    await page.getByRole('link', { name: 'Compare 3 programs' }).click();
    await expect(page).toHaveURL(/\/compare\?ids=[^,]+,[^,]+,[^,]+$/);
    const shared = page.url();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    const table = page.getByTestId('compare-table');
    await expect(table.locator('thead th')).toHaveCount(3);
    expect(await table.locator('thead th a').allTextContents()).toEqual(names);
    for (const label of [
      'University and location',
      'Degree and duration',
      'Intakes',
      'Tuition',
      'Estimated total cost',
      'Entry requirements',
      'English requirements',
      'Apply',
    ]) {
      await expect(table.getByRole('rowheader', { name: new RegExp(`^${label}`) })).toBeVisible();
    }
    // Every row whose cells differ carries the word "Differs"; rows that agree do not.
    for (const row of await table.locator('tbody tr').all()) {
      const key = await row.getAttribute('data-row');
      if (key === 'apply') continue;
      const cells = await row.locator('td').allInnerTexts();
      const differs = new Set(cells).size > 1;
      expect(await row.getAttribute('data-differs'), key!).toBe(differs ? 'true' : null);
      if (differs) await expect(row.getByRole('rowheader'), key!).toContainText('Differs');
      else await expect(row.getByRole('rowheader'), key!).not.toContainText('Differs');
    }
    await expect(table.locator('tr[data-differs]').first()).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    // The link alone reproduces the comparison.
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(other.getByTestId('compare-table').locator('thead th a')).toHaveText(names);
    await other.close();

    // Printed: no site chrome, the table within an A4 landscape page, a real PDF of one or two pages.
    await page.setViewportSize({ width: 1032, height: 730 }); // A4 landscape less 12 mm margins, at 96 dpi
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('.site-footer')).toBeHidden();
    await expect(page.locator('.compare__tools')).toBeHidden();
    const fits = await page
      .getByTestId('compare-table')
      .evaluate((t) => ({ table: t.scrollWidth, page: document.documentElement.clientWidth }));
    expect(fits.table).toBeLessThanOrEqual(fits.page);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
  });

  test('unknown, too few and too many programs get a clear message, never a blank page', async ({ page }) => {
    await page.goto('/compare?ids=msc-data-science-university-of-leeds,no-such-program');
    await expect(page.getByRole('alert')).toContainText('We could not find the program "no-such-program"');
    await expect(page.getByRole('link', { name: 'Go to the course finder' })).toBeVisible();
    await page.goto('/compare?ids=a,b,c,d,e');
    await expect(
      page.getByRole('heading', { name: 'You can compare up to 4 programs at a time' }),
    ).toBeVisible();
    await page.goto('/compare?ids=msc-data-science-university-of-leeds');
    await expect(page.getByRole('heading', { name: 'Choose programs to compare' })).toBeVisible();
    await page.goto('/compare');
    await expect(page.getByRole('heading', { name: 'Choose programs to compare' })).toBeVisible();
  });
});

test("the estimated total cost adds up, in the program's currency and in another", async ({ page }) => {
  await page.goto('/subject/msc-data-science-university-of-leeds');
  const section = page.locator('section.total-cost');
  await section.scrollIntoViewIfNeeded();
  await hydrated(page, 'TotalCost');
  const table = section.getByTestId('cost-breakdown');

  /** The figures as shown, in whole units; each column's parts add up to its total. */
  const check = async (currency: string) => {
    await expect(table).toHaveAttribute('data-currency', currency);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const total = await table.locator('tfoot td').allTextContents();
    const value = (s: string) => (s === 'One-off' ? 0 : Number(s.replace(/[^\d]/g, '')));
    for (const column of [0, 1]) {
      expect(
        rows.reduce((sum, r) => sum + value(r[column]!), 0),
        `${currency} column ${column}`,
      ).toBe(value(total[column]!));
    }
    return { rows: rows.map((r) => r.map(value)), total: total.map(value) };
  };

  const gbp = await check('GBP');
  // The UK figures: £28,750 tuition, £1,136 a month, the £524 visa, the £776 surcharge (× 1.5 for 12 + 4 months).
  expect(gbp.rows).toEqual([
    [28_750, 28_750],
    [13_632, 13_632],
    [0, 524],
    [776, 1_164],
  ]);
  expect(gbp.total).toEqual([43_158, 44_070]);
  await expect(section).toContainText('fees verified on 1 October 2026');
  await expect(section).toContainText('Immigration Health Surcharge');
  await expect(section).toContainText('It leaves out flights');

  // Another currency changes the figures, not the layout: the table keeps its size.
  const before = await table.boundingBox();
  await section.getByLabel('Show costs in').selectOption('NGN');
  const ngn = await check('NGN');
  const after = await table.boundingBox();
  expect([after!.width, after!.height]).toEqual([before!.width, before!.height]);
  await expect(section).toContainText('Converted into NGN at exchange rates as of 1 October 2025');
  // One rounding: the naira total is the pound total converted (1470 / 0.744 naira a pound), within a naira.
  expect(Math.abs(ngn.total[1]! - 44_070 * (1470 / 0.744))).toBeLessThanOrEqual(1);
  // The choice follows the student to other pages.
  await page.goto('/subject/msc-informatics-technical-university-of-munich');
  await page.locator('section.total-cost').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('cost-breakdown')).toHaveAttribute('data-currency', 'NGN');
});
