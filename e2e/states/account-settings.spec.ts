import type { Locator, Page, Route } from '@playwright/test';
import {
  partnerForm,
  registeredApplicant,
  storeSession,
  studentSession,
  verifiedPartner,
  verifiedStudent,
} from '../helpers/accounts.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// "Sign-in and security" as each person sees it (e2e/helpers/screen-state.ts): the devices list
// loading, failing, with two devices and with one, the sign-out dialog, the password form with its
// errors (the form's own and the server's) and its success; the same island on the partner's
// dashboard and on the job seeker's page. The list keeps its room while it loads: nothing below moves.

const PASSWORD = 'Settings-pass-2026';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test.describe.configure({ timeout: 300_000 });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

/** The signed-in times differ from run to run: set in equal-width digits (and masked, as every <time> is). */
const times = (page: Page) => page.locator('.acct time');

/** Holds every request to `path` until `release` is called: the state while an answer is on its way. */
async function held(page: Page, path: string) {
  const waiting: Route[] = [];
  let open = false;
  await page.route(path, async (route) => {
    if (open) await route.continue();
    else waiting.push(route);
  });
  return {
    async release() {
      open = true;
      for (const route of waiting.splice(0)) await route.continue();
    },
  };
}

/** Where an element's top is on the page (not in the window, which a click may have scrolled), in CSS px. */
const topOf = (locator: Locator) =>
  locator.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));

test('the student: devices loading, failing, two and one, the sign-out dialog, the password form', async ({
  page,
  states,
}) => {
  const email = uniqueEmail('states-settings');
  await verifiedStudent(page.request, {
    fullName: 'Lena Fischer',
    academicStatus: 'Graduate',
    contactNumber: `+44 20 7946 ${String(Date.now() % 1e4).padStart(4, '0')}7`,
    email,
    currentAddress: '4 Park Row, Leeds',
    password: PASSWORD,
  });
  const login = await page.request.post('/api/users/login', { data: { email, password: PASSWORD } });
  await storeSession(page, studentSession((await login.json()) as { token: string; user: unknown }));
  // A second device: the same account signed in on an iPhone.
  const phone = await page.request.post('/api/users/login', {
    headers: { 'User-Agent': IPHONE },
    data: { email, password: PASSWORD },
  });
  expect(phone.status()).toBe(200);

  // First the list cannot be loaded: said so, with Try again.
  await page.route('**/api/users/sessions', (route) => route.abort('internetdisconnected'));
  await page.goto('/profile-bashboard-student');
  await expect(page.getByRole('heading', { name: 'Welcome, Lena Fischer' })).toBeVisible({ timeout: 30_000 });
  const who = [page.getByText(email), page.getByText(/^\+44 20 7946/)];
  await page.getByRole('tab', { name: 'Sign-in and security' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not load your signed-in devices.');
  await states.check('settings-load-error', { mask: who });
  await page.unroute('**/api/users/sessions');

  // Loading: the list's room is kept, so the password form below does not move when it arrives.
  const answer = await held(page, '**/api/users/sessions');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Loading your signed-in devices…' }),
  ).toBeAttached();
  await states.check('settings-loading', { mask: who });
  const passwordHeading = page.getByRole('heading', { name: 'Change password' });
  const before = { phone: 0, desktop: 0 };
  for (const [size, width, height] of [
    ['phone', 375, 812],
    ['desktop', 1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    before[size] = await topOf(passwordHeading);
  }
  await answer.release();
  const rows = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  expect(await topOf(passwordHeading)).toBe(before.desktop);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await topOf(passwordHeading)).toBe(before.phone);
  await states.check('settings-devices', { mask: [...who, times(page)] });

  await rows.filter({ hasText: 'Safari on iPhone' }).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Sign out this device?' });
  await expect(dialog).toBeVisible();
  await states.check('settings-sign-out-dialog', { mask: who });
  await dialog.getByRole('button', { name: 'Sign out the device' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveText([/This device/, 'No other device is signed in.']);
  // One device and the note take the room two did: still nothing moves below.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await topOf(passwordHeading)).toBe(before.phone + Math.round(await announcementHeight(page)));
  await states.check('settings-one-device', { mask: [...who, times(page)] });

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Enter your current password')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Current password' })).toBeFocused();
  await states.check('settings-password-errors', { mask: [...who, times(page)], show: form });

  await form.getByRole('textbox', { name: 'Current password' }).fill('not-my-password');
  await form.getByRole('textbox', { name: 'New password' }).fill('Settings-fresh-2027');
  await form.getByRole('button', { name: 'Show new password' }).click();
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your current password is not right.')).toBeVisible();
  await states.check('settings-password-wrong', { mask: [...who, times(page)], show: form });

  await form.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  const done = page.getByRole('heading', { name: 'Password changed' });
  await expect(done).toBeFocused();
  await states.check('settings-password-changed', { mask: [...who, times(page)], show: done });
});

/** The height of the "signed out" line under the list (it appears after a sign-out). */
const announcementHeight = (page: Page) =>
  page.locator('.acct__announce').evaluate((el) => el.getBoundingClientRect().height);

test('the partner and the job seeker: the same settings on their pages', async ({ page, states }) => {
  const email = uniqueEmail('states-settings-partner');
  await verifiedPartner(
    page.request,
    partnerForm({
      companyName: 'Harbour Talent Ltd',
      ownerFirstName: 'Noor',
      ownerEmail: email,
      password: PASSWORD,
    }),
  );
  const login = await page.request.post('/api/partner/login', { data: { email, password: PASSWORD } });
  const session = (await login.json()) as { token: string; partner: unknown };
  const seeker = await registeredApplicant(page.request, {
    fullName: 'Tariq Haddad',
    email: uniqueEmail('states-settings-seeker'),
    password: PASSWORD,
  });
  await storeSession(page, {
    partnerToken: session.token,
    partner: JSON.stringify(session.partner),
    applicantToken: seeker.token,
  });
  await page.goto('/partnerdashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Noor' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Sign-in and security' }).click();
  await expect(page.getByRole('list', { name: 'Signed-in devices' })).toContainText('This device');
  await states.check('settings-partner', { mask: [page.getByText(email), times(page)] });

  await page.goto('/my-applications');
  const settings = page.getByRole('region', { name: 'Sign-in and security' });
  await expect(settings.getByRole('list', { name: 'Signed-in devices' })).toContainText('This device', {
    timeout: 30_000,
  });
  await states.check('settings-job-seeker', {
    mask: [page.getByText('Signed in as'), page.getByText('We sent a link to'), times(page)],
    show: settings,
  });
});
