import type { Page } from '@playwright/test';

/**
 * Answers the API's reads of `new-land`, a country newer than the build (so the page is the fallback
 * shell's island), with no programs in it. `country` sets what a test reads.
 */
export async function serveNewLand(
  page: Page,
  country: { name: string; code: string; capital: string; studentLife?: string[] },
) {
  const { studentLife = ['Life'], ...named } = country;
  await page.route('**/api/countries/new-land', (r) =>
    r.fulfill({
      json: {
        _id: 'new-land',
        id: 'new-land',
        ...named,
        flag: '/images/flags/ca.svg',
        image: '/images/countries/canada.svg',
        details: 'Freshly added.',
        about: { countryOverview: ['Overview'], educationSystem: ['Edu'], studentLife, visaInfo: ['Visa'] },
      },
    }),
  );
  await page.route('**/api/subjects?countryId=new-land', (r) => r.fulfill({ json: [] }));
}
