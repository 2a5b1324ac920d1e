/// <reference lib="dom" />
import { test, expect } from '@playwright/test';
import { serveNewLand } from './helpers/new-country.ts';
import { axeViolations, landmarkProblems } from './helpers/axe.ts';
import { headerWired, hydrateIslands, hydrated } from './helpers/islands.ts';
import { PUBLIC_PAGES } from './helpers/checked-pages.ts';
import { keepPictures, picture } from './helpers/pictures.ts';
import {
  MIN_TAP,
  VIEWPORTS,
  sidewaysScroll,
  smallTapTargets,
  unstyledElements,
} from './helpers/screen-state.ts';

test.describe('destinations', () => {
  test('search, pagination text, favourites and the FAQ accordion', async ({ page }) => {
    await page.goto('/destinations');
    await hydrated(page, 'CountriesGrid');
    const grid = page.getByTestId('countries').locator('li');
    await expect(grid).toHaveCount(6);
    await expect(grid.first()).toContainText('Top destination');
    await expect(grid.first()).toContainText('100+ Programs');
    await expect(page.getByText('Showing 1-6 of 12 countries')).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('Showing 7-12 of 12 countries')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();

    const search = page.getByPlaceholder('Search countries...');
    await search.fill('UNITED');
    await expect(grid).toHaveCount(2);
    await expect(page.getByText(/Showing .* countries/)).toHaveCount(0); // pagination only above 6 results
    await search.fill('atlantis');
    await expect(page.getByText(/No countries match/)).toBeVisible();
    await search.fill('ireland');
    const fav = grid.first().getByRole('button', { name: /favourites/ });
    await fav.click();
    await expect(fav).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('favorites') ?? '[]'))).toEqual([
      'ireland',
    ]);
    await page.reload();
    await hydrated(page, 'CountriesGrid');
    await page.getByPlaceholder('Search countries...').fill('ireland');
    await expect(
      page
        .getByTestId('countries')
        .locator('li')
        .first()
        .getByRole('button', { name: /favourites/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('countries').getByRole('link', { name: 'Ireland' }).click();
    await expect(page).toHaveURL(/\/country-details\/ireland\/?$/);
  });

  test('FAQ: five items, first open, one open at a time', async ({ page }) => {
    await page.goto('/destinations');
    const items = page.locator('[data-accordion="destinations-faq"] details');
    await expect(items).toHaveCount(5);
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    await items.nth(3).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(3)).toHaveAttribute('open', '');
    await expect(items.nth(2)).not.toHaveAttribute('open', '');
  });

  test('pagination window uses ellipses with many pages', async ({ page }) => {
    await page.goto('/destinations');
    await hydrated(page, 'CountriesGrid');
    // The window logic of the real module the page loads (12 countries make only 2 pages).
    const windowOf = await page.evaluate(async () => {
      const url = document
        .querySelector('astro-island[component-url*="CountriesGrid"]')!
        .getAttribute('component-url')!;
      const mod = await import(url);
      return [mod.pageWindow(1, 7), mod.pageWindow(4, 7), mod.pageWindow(7, 7)];
    });
    expect(windowOf).toEqual([
      [1, 2, 'gap', 7],
      [1, 'gap', 3, 4, 5, 'gap', 7],
      [1, 'gap', 6, 7],
    ]);
  });
});

test.describe('country details', () => {
  test('tabs (mouse and keyboard), scene gallery, programs with Apply Now', async ({ page }) => {
    await page.goto('/country-details/united-kingdom');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Study in United Kingdom');
    await expect(page.getByText('Capital')).toBeVisible();
    await hydrated(page, 'CountryTabs');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([
      'Country Overview',
      'Education System',
      'Student Life',
      'Visa Information',
    ]);
    await tabs.nth(3).click();
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(0)).toBeFocused();
    const scenes = page.locator('.gallery img');
    await expect(scenes).toHaveCount(6);
    await expect(scenes.first()).toHaveAttribute('src', '/images/scenes/uk-1.svg');
    const programs = page.getByTestId('country-programs').locator('li');
    await expect(programs).toHaveCount(24);
    await expect(programs.first().getByRole('link', { name: /Apply Now/ })).toHaveAttribute(
      'href',
      /^\/subject\//,
    );
  });

  test('scene set by name and the Australia default; empty programs state', async ({ page }) => {
    await page.goto('/country-details/germany');
    await expect(page.locator('.gallery img').first()).toHaveAttribute('src', '/images/scenes/germany-1.svg');
    await page.goto('/country-details/japan');
    await expect(page.locator('.gallery img').first()).toHaveAttribute(
      'src',
      '/images/scenes/australia-1.svg',
    );
    await expect(page.getByRole('heading', { name: 'No Programs Available' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Other Countries' })).toBeVisible();
  });

  test('a country newer than the build renders from the API; an unknown one says Country not found', async ({
    page,
  }) => {
    // A blank section: the tab says its information is coming.
    await serveNewLand(page, { name: 'Canada', code: 'CA', capital: 'Ottawa', studentLife: [' '] });
    await page.goto('/country-details/new-land');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Study in Canada');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('.gallery img').first()).toHaveAttribute('src', '/images/scenes/canada-1.svg');
    await expect(page.getByRole('heading', { name: 'No Programs Available' })).toBeVisible();
    await page.getByRole('tab', { name: 'Student Life' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Information coming soon.');

    await page.goto('/country-details/atlantis');
    await expect(page.getByRole('heading', { name: 'Error Loading Data' })).toBeVisible();
    await expect(page.getByText('Country not found')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.route('**/api/countries/broken', (r) => r.fulfill({ status: 503, json: { success: false } }));
    await page.goto('/country-details/broken');
    await expect(page.getByText('Failed to fetch country details. Status: 503')).toBeVisible();
  });
});

test.describe('subject details', () => {
  test('tabs, campus gallery, intakes, tuition in its currency, Course JSON-LD', async ({ page }) => {
    await page.goto('/subject/msc-data-science-university-of-leeds');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MSc Data Science');
    await expect(page.locator('.subject-hero')).toContainText('University of Leeds');
    await expect(page.getByTestId('campus-gallery').locator('img')).toHaveCount(3);
    const intakes = page.getByTestId('intakes').locator('li');
    await expect(intakes.first()).toContainText('Open');
    await expect(intakes.nth(1)).toContainText('Upcoming');
    await expect(page.getByText('£28,750 / Year')).toBeVisible();
    for (const title of ['Program Overview', 'Program Intakes', 'Ready to Enroll'])
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await hydrated(page, 'SubjectTabs');
    await page.getByRole('tab', { name: 'Requirements' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('IELTS');
    await page.getByRole('tab', { name: 'Careers' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(/Career paths/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld).toMatchObject({
      '@type': 'Course',
      name: 'MSc Data Science',
      provider: { name: 'University of Leeds' },
    });
    await expect(page.locator('astro-island[component-url*="ApplyPanel"]')).toHaveCount(1);
  });

  test('a new subject renders from the API: blank entries dropped, http-only images, Unknown University, default price', async ({
    page,
  }) => {
    const subject = {
      _id: 'fresh-subject',
      id: 'fresh-subject',
      name: 'BSc Fresh Studies',
      image: '/images/placeholder.svg',
      logo: '/images/placeholder.svg',
      university: '',
      universityId: 'no-such-uni',
      departmentId: 'x',
      countryId: 'x',
      location: 'Somewhere',
      code: '',
      description: ['Para one', '  '],
      degreeType: '',
      duration: '',
      students: 0,
      year: 2027,
      basePrice: null,
      currency: 'GBP',
      updatedAt: '2026-01-01',
      universityimage: ['https://example.com/a.svg', 'ftp://bad', 'relative/bad.png', '/images/campus/2.svg'],
      studyPlan: { degree: '', duration: '', intake: 'September 2027', futureIntakes: ['', 'January 2028'] },
      entryRequirements: {
        description: '',
        academicRequirements: ['', ' '],
        englishLanguageRequirements: ['IELTS 6.0'],
        additionalRequirements: [],
      },
      careerProspects: {
        description: '',
        additionalDescription: '',
        careerPaths: [],
        employmentStatistics: '',
      },
    };
    await page.route('**/api/subjects/fresh-subject', (r) => r.fulfill({ json: subject }));
    await page.route('**/api/universities/no-such-uni', (r) =>
      r.fulfill({ status: 404, json: { success: false, message: 'University not found' } }),
    );
    await page.route('https://example.com/**', (r) =>
      r.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
    );
    await page.goto('/subject/fresh-subject');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BSc Fresh Studies');
    await expect(page.locator('.subject-hero')).toContainText('Unknown University');
    await expect(page.getByTestId('campus-gallery').locator('img')).toHaveCount(2);
    await expect(page.getByText('$10,000 / Year')).toBeVisible();
    await expect(page.getByText('257555')).toBeVisible();
    await expect(page.getByTestId('intakes').locator('li')).toHaveCount(2);
    await page.getByRole('tab', { name: 'Requirements' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('No specific academic requirements listed.');
    await page.getByRole('tab', { name: 'Careers' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('No career paths listed yet.');

    await page.goto('/subject/unknown-subject');
    await expect(page.getByText('Subject not found')).toBeVisible();
  });
});

test.describe('courses', () => {
  test('8 departments, filter by department and text, count, Reset Filters only while filtering, empty state', async ({
    page,
  }) => {
    await page.goto('/courses');
    await expect(page.locator('section[aria-labelledby="departments-title"] li')).toHaveCount(8);
    await hydrated(page, 'ProgramFinder');
    const count = page.locator('.browser__count');
    await expect(count).toHaveText('80 programs found');
    await expect(page.getByRole('button', { name: 'Reset Filters' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'Law' }).check();
    await expect(page.getByRole('button', { name: 'Reset Filters' })).toBeVisible();
    // The count updates after the filtered answer: read it once it has (reading at once raced it).
    await expect(count).not.toHaveText('80 programs found');
    const lawCount = Number((await count.textContent())!.split(' ')[0]);
    expect(lawCount).toBeGreaterThan(0);
    expect(lawCount).toBeLessThan(80);
    await page.getByLabel('Search by subject').fill('zzzz');
    await expect(page.getByText('No programs found matching your criteria.')).toBeVisible();
    await expect(count).toHaveText('0 programs found');
    // The empty result offers Reset Filters too: either resets.
    await page.getByTestId('finder-empty').getByRole('button', { name: 'Reset Filters' }).click();
    await expect(count).toHaveText('80 programs found');
    await expect(page.getByRole('radio', { name: 'All departments' })).toBeChecked();
    await page.getByLabel('Search by subject').fill('data science');
    await page.getByTestId('program-results').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/subject\//);
  });

  test('API failures show the spec messages', async ({ page }) => {
    await page.route('**/api/programs**', (r) => r.fulfill({ status: 500, json: {} }));
    await page.goto('/courses');
    await hydrated(page, 'ProgramFinder');
    await expect(page.getByText('Failed to fetch departments.')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Failed to fetch data. Please try again later.')).toBeVisible({
      timeout: 10_000,
    });
  });
});

test.describe('search page', () => {
  test('blank query makes no call; hits with count; miss; failure', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/subjects/search?**', (r) => {
      calls += 1;
      return r.continue();
    });
    await page.goto('/search?query=%20%20');
    await expect(page.getByRole('heading', { name: 'Start searching' })).toBeVisible();
    // The results island and the header's script have both run, and the network has gone quiet:
    // a search either asked for on its own would have been made by now.
    await hydrated(page, 'SearchResults');
    await headerWired(page);
    await page.waitForLoadState('networkidle');
    const headerCalls = calls; // neither the page nor the header calls until someone types
    await page.goto('/search?query=mba');
    await expect(page.getByText(/\d+ subjects? found for “mba”/)).toBeVisible();
    await page.goto('/search?query=leeds%20institute%20for%20data%20analytics');
    await expect(page.getByText('1 subject found for “leeds institute for data analytics”')).toBeVisible();
    await page.goto('/search?query=qqqzzz');
    await expect(page.getByRole('heading', { name: 'No subjects found' })).toBeVisible();
    await expect(page.getByText('Try different keywords.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    expect(headerCalls).toBe(0);
    await page.unroute('**/api/subjects/search?**');
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/subjects/search?**', async (r) => {
      await gate;
      await r.fulfill({ status: 500, json: {} });
    });
    await page.goto('/search?query=law');
    await expect(page.getByText('Searching...')).toBeVisible();
    release();
    await expect(page.getByText('Failed to fetch subjects.')).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('content pages', () => {
  test('terms has the 12 sections with the figures; privacy has 10', async ({ page }) => {
    await page.goto('/terms');
    const sections = page.locator('.prose section h2');
    await expect(sections).toHaveCount(12);
    await expect(sections.first()).toContainText('Introduction');
    for (const figure of [
      '30 days of the invoice',
      'less than 24 hours notice are charged at 50% of the daily rate',
      'less than 12 hours notice are charged at 100%',
      '25% of the placement fee',
      '30 days notice',
    ]) {
      await expect(page.getByText(figure, { exact: false })).toBeVisible();
    }
    await page.goto('/privacy');
    await expect(page.locator('.prose section h2')).toHaveCount(10);
    await expect(page.getByText(/UK General Data Protection Regulation/).first()).toBeVisible();
  });

  test('support, higher education, institutions, scholarships, about, contact, application support, 404', async ({
    page,
  }) => {
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Fraud and Protection' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start your Application' })).toHaveAttribute(
      'href',
      '/courses',
    );
    await expect(page.locator('details[name="support-faq"]')).toHaveCount(5);
    await expect(page.getByRole('link', { name: '+44 20 7946 0321' }).first()).toBeVisible();
    await page.goto('/higher-education');
    await expect(page.getByRole('link', { name: 'Get Admission with your favourite course' })).toBeVisible();
    await expect(page.locator('details[name="higher-education"]')).toHaveCount(5);
    await expect(page.locator('blockquote')).toBeVisible();
    await page.goto('/institutions');
    await expect(page.getByRole('heading', { name: 'World Top Universities' })).toBeVisible();
    await expect(
      page
        .locator('main')
        .getByRole('link', { name: /Apply Now/ })
        .first(),
    ).toHaveAttribute('href', '/courses');
    await page.goto('/scholarships');
    await expect(page.locator('table').first()).toContainText('Deadline');
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
    // The company's numbers (StatGrid, shared with the home page) come from the seeded about content.
    await expect(page.locator('.stat-grid').getByText('Years of experience')).toBeVisible();
    await expect(page.locator('.stat-grid dd').first()).toHaveText(/^\d[\d,]*\+$/);
    await page.goto('/about');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await page.goto('/contactform');
    await hydrated(page, 'HomeContactForm');
    await page.getByLabel('Email').fill('contactpage@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    await page.goto('/student-addmission-information');
    await expect(page.getByText('Statement of Purpose')).toBeVisible();
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
  });

  test('sitemap lists every country and subject; robots.txt points at it', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    expect(index).toContain('sitemap-0.xml');
    const map = await (await request.get('/sitemap-0.xml')).text();
    // The spec's routes, without a trailing slash: the URL people link to is the one indexed.
    expect(map).toContain('/country-details/united-kingdom</loc>');
    expect(map).toContain('/subject/msc-data-science-university-of-leeds</loc>');
    expect(map).not.toContain('/shell/');
    expect((map.match(/\/subject\//g) ?? []).length).toBe(80);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap:');
  });

  test('pages answer at the routes the site links to, without a redirect', async ({ request }) => {
    for (const path of [
      '/courses',
      '/destinations',
      '/country-details/united-kingdom',
      '/subject/msc-data-science-university-of-leeds',
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
    }
    // The slash form is the same page's other spelling: one redirect to the canonical route.
    const slashed = await request.get('/courses/', { maxRedirects: 0 });
    expect(slashed.status()).toBe(307);
    expect(slashed.headers()['location']).toMatch(/\/courses$/);
  });
});

test.describe('every public page on a phone and a desktop', () => {
  // A page that hydrates many islands one after another in view is slow on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  for (const path of PUBLIC_PAGES) {
    test(`no CSP violation; at 375 px no sideways scroll, every rule, 44 px taps; axe at 1280 px: ${path}`, async ({
      page,
    }) => {
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/.test(m.text())) violations.push(m.text());
      });
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto(path);
        await headerWired(page);
        // Down the whole page and back: every lazy image and deferred island is asked for. Once is
        // enough for the CSP (the desktop asks the same origins for the same images, wider); a
        // picture of the desktop wants its images too.
        if (viewport.name === 'phone' || keepPictures)
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += 500) {
              window.scrollTo(0, y);
              await new Promise((r) => setTimeout(r, 40));
            }
            window.scrollTo(0, 0);
          });
        const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        await picture(page, `${name}-${viewport.width}`);
        // The islands' markup counts: landmarks.spec.ts and states/phone.spec.ts leave these pages to this test.
        await hydrateIslands(page);
        if (viewport.name === 'phone') {
          // Once every island has started.
          expect.soft(await sidewaysScroll(page), 'sideways scroll at 375 px (px)').toBe(0);
          expect.soft(await unstyledElements(page), 'elements without a rule at 375 px').toEqual([]);
          expect.soft(await smallTapTargets(page), `tap targets under ${MIN_TAP} px`).toEqual([]);
        }
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(await landmarkProblems(page)).toEqual([]);
      expect(violations).toEqual([]);
    });
  }
});
