import { test, expect, type Page } from '@playwright/test';
import { latestLink, uniqueEmail } from './helpers/mailbox.ts';
import { hydrated } from './helpers/islands.ts';
import { axeViolations } from './helpers/axe.ts';
import { partnerForm, registeredApplicant, verifiedPartner } from './helpers/accounts.ts';

// One person, one account (docs/decisions/032-one-person-many-roles.md), as people meet it: a job
// seeker signs in at /login with the password they already have and is asked only for what a
// student profile still needs; a partner's owner who is also a student switches between the two
// dashboards from the header.

async function seenWell(page: Page) {
  expect(await axeViolations(page, { atLeast: 'serious' })).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function signInAtLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/profile-bashboard-student\/?$/);
}

for (const width of [375, 1280]) {
  test(`a job seeker signs in at /login and completes only what the student profile lacks (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const email = uniqueEmail('one-person');
    const password = 'one person pass 7';
    // A number of its own: a student holding it already would make the dashboard ask for one.
    const phone = `+44 20 7946 ${String(Date.now() % 1e5).padStart(5, '0')}`;
    await registeredApplicant(request, { fullName: 'Ngozi Both', email, password, phone });
    await page.goto(await latestLink(request, email, '/my-applications/confirm-email'));
    await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();

    await signInAtLogin(page, email, password);
    const card = page.getByRole('region', { name: 'Complete your student profile' });
    await expect(card).toBeVisible();
    // Name and phone came from the job seeker's account: only academic status and address are asked.
    await expect(card.getByLabel('Academic status')).toBeVisible();
    await expect(card.getByLabel('Address')).toBeVisible();
    await expect(card.getByLabel('Full name')).toHaveCount(0);
    await expect(card.getByLabel('Contact number')).toHaveCount(0);
    await seenWell(page);

    await card.getByRole('button', { name: 'Save details' }).click();
    await expect(card.getByLabel('Academic status')).toHaveAttribute('aria-invalid', 'true');
    await card.getByLabel('Academic status').selectOption('Graduate');
    await card.getByLabel('Address').fill('4 Both Street, Leeds');
    await card.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('region', { name: 'Complete your student profile' })).toHaveCount(0);
    await expect(page.getByText('4 Both Street, Leeds')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ngozi Both');
    await seenWell(page);
  });
}

test("a partner's owner who is also a student switches dashboards from the header", async ({
  page,
  request,
}) => {
  const form = partnerForm({ ownerEmail: uniqueEmail('switch-owner'), password: 'switch owner pass 7' });
  await verifiedPartner(request, form);
  await signInAtLogin(page, form.ownerEmail, form.password);
  await page.getByRole('button', { name: 'Partner dashboard' }).click();
  await page.waitForURL(/\/partnerdashboard\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${form.ownerFirstName}`);
  await page.getByRole('button', { name: 'Student dashboard' }).click();
  await page.waitForURL(/\/profile-bashboard-student\/?$/);
  await expect(page.getByRole('region', { name: 'Complete your student profile' })).toBeVisible();
  await seenWell(page);
});
