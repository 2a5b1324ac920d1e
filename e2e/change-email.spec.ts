import { test, expect, type Page } from '@playwright/test';
import { verifiedStudent } from './helpers/accounts.ts';
import { latestCode, latestLink, uniqueEmail } from './helpers/mailbox.ts';
import { hydrated } from './helpers/islands.ts';
import { axeViolations } from './helpers/axe.ts';

// Changing the e-mail address as a person does it (functions/services/accounts/email-change.ts):
// on "Sign-in and security", the new address and the password, then the code e-mailed to the new
// address; the old address gets a link whose page puts it back.

const PASSWORD = 'Change-email-2026';

async function seenWell(page: Page) {
  expect(await axeViolations(page, { atLeast: 'serious' })).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('a student changes their e-mail address with the code sent to it, and the old address puts it back', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = uniqueEmail('change-email');
  const newEmail = uniqueEmail('changed-email');
  await verifiedStudent(request, {
    fullName: 'Mover Student',
    academicStatus: 'Graduate',
    contactNumber: `+44 20 7946 ${String(Date.now() % 1e5).padStart(5, '0')}`,
    email,
    currentAddress: '5 Move Street, Leeds',
    password: PASSWORD,
  });
  await page.goto('/login');
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/profile-bashboard-student\/?$/);
  await page.getByRole('tab', { name: 'Sign-in and security' }).click();

  const part = page.getByRole('form', { name: 'Change e-mail address' });
  await part.getByLabel('New e-mail address').fill(newEmail);
  await part.getByLabel('Your password').fill(PASSWORD);
  await part.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByText(`We sent a code to ${newEmail}.`)).toBeFocused();
  await seenWell(page);
  await part.getByLabel('Code from the e-mail').fill(await latestCode(request, newEmail));
  await part.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(page.getByText(`Your e-mail address is now ${newEmail}.`)).toBeFocused();

  await page.goto(await latestLink(request, email, '/account/email-change/undo'));
  await hydrated(page, 'UndoEmailChange');
  await seenWell(page);
  await page.getByRole('button', { name: 'Put my old address back' }).click();
  await expect(page.getByRole('heading', { name: 'Your e-mail address is back' })).toBeFocused();
  await expect(page.getByText(`Your e-mail address is ${email} again`)).toBeVisible();
  await seenWell(page);
  const signIn = await request.post('/api/users/login', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
});
