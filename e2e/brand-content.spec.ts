/// <reference lib="dom" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { hydrated } from './helpers/islands.ts';

const site = JSON.parse(readFileSync('content/site.json', 'utf8')) as Record<
  'companyName' | 'legalName' | 'registeredIn' | 'companyNumber' | 'registeredOffice' | 'phone',
  string
>;
const offices = JSON.parse(readFileSync('content/offices.json', 'utf8')) as { phone: string | null }[];

// The brand is one content file; the footer shows the company's registered
// details and the current year; seed phone numbers are reserved for fiction or marked examples.

function files(dir: string, out: string[] = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else out.push(path);
  }
  return out;
}

test('no code, page, e-mail or Stripe call names the company: only content/site.json does', () => {
  // The logo is a brand asset the site block points at; og.svg is replaced by generated share images.
  const allowed = new Set(['content/site.json', 'site/public/images/logo.svg', 'site/public/images/og.svg']);
  const offenders = ['site', 'functions', 'db', 'schemas', 'scripts', 'content', 'e2e', 'bench']
    .flatMap((dir) => files(dir))
    // Screenshots and layout records are recordings of rendered pages (whose brand comes from the
    // content file), not code that names the company.
    .filter(
      (f) =>
        !allowed.has(f) &&
        !f.endsWith('worker-configuration.d.ts') &&
        !f.includes('/screenshots/') &&
        !f.includes('/__layouts__/'),
    )
    .filter((f) => /\.(ts|tsx|astro|js|mjs|json|svg|html|css|md|sql)$/.test(f))
    .filter((f) => readFileSync(f, 'utf8').includes(site.companyName));
  expect(offenders).toEqual([]);
});

test('built page titles carry the brand of the content file', () => {
  const titles = files('dist')
    .filter((f) => f.endsWith('.html') && !f.startsWith('dist/peer'))
    .map((f) => /<title>([^<]*)<\/title>/.exec(readFileSync(f, 'utf8'))?.[1] ?? '');
  expect(titles.length).toBeGreaterThan(50);
  for (const title of titles) expect(title).toContain(site.companyName);
});

test('the footer shows the registered company details and the year the visitor is in, not the build year', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date('2031-01-02T10:00:00Z'));
  await page.goto('/terms');
  const footer = page.locator('footer.site-footer');
  await expect(footer.getByTestId('company-details')).toHaveText(
    `${site.legalName}, registered in ${site.registeredIn}, company number ${site.companyNumber}. Registered office: ${site.registeredOffice}.`,
  );
  await expect(footer.getByText(`© 2031 ${site.companyName}. All rights reserved`)).toBeVisible();
});

test('seed phone numbers are Ofcom drama numbers in the UK, clearly marked examples elsewhere', async ({
  page,
}) => {
  // Ofcom keeps 020 7946 0000-0999 (London) for drama; there is no such range for Bangladesh,
  // Nigeria or Estonia, so those offices show a number that cannot be dialled and says so.
  const ukDrama = /^\+44 20 7946 0\d{3}$/;
  const phones = [site.phone, ...offices.map((o) => o.phone).filter((p): p is string => p !== null)];
  for (const phone of phones) {
    if (phone.startsWith('+44')) expect(phone).toMatch(ukDrama);
    else expect(phone).toMatch(/^\+\d{1,3} [\dX ]*X[\dX ]* \(example\)$/);
  }
  await page.goto('/');
  await hydrated(page, 'OfficesMap');
  await page.getByRole('button', { name: /Bangladesh/ }).click();
  const detail = page.getByTestId('office-detail');
  await expect(detail).toContainText('Phone: +880 2 XXXX XXXX (example)');
  await expect(detail.locator('a[href^="tel:"]')).toHaveCount(0);
  await page.getByRole('button', { name: /United Kingdom/ }).click();
  await expect(detail.locator('a[href^="tel:"]')).toHaveAttribute('href', 'tel:+442079460321');
});
