import { expect, type Page } from '@playwright/test';
import { sql } from './rows.ts';

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

/**
 * Creates a country through the back office's API as the staff member signed in on `page` (newer
 * than the build: its page is the fallback shell), with an id made from `slug` and the time. Answers
 * the id and the cleanup that removes the country again (rows made in it are the caller's).
 */
export async function createCountry(
  page: Page,
  slug: string,
  country: { name: string; code: string; capital: string; image: string; imageAlt: string; details: string },
) {
  const id = `${slug}-${Date.now().toString(36)}`;
  const res = await page.request.post('/api/admin/content/countries', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      id,
      flag: '/images/flags/ca.svg',
      about: { countryOverview: ['O.'], educationSystem: ['E.'], studentLife: ['S.'], visaInfo: ['V.'] },
      ...country,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id, remove: () => sql(`DELETE FROM countries WHERE id = '${id}';`) };
}
