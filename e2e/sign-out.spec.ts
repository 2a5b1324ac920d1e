import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { createStaff } from './helpers/rows.ts';
import { uniqueEmail } from './helpers/mailbox.ts';
import {
  partnerForm,
  storedStudentSession,
  storeSession,
  studentSession,
  verifiedPartner,
  verifiedStudent,
} from './helpers/accounts.ts';

// In the browser: every sign-out button ends the session on the server (the token
// it held is refused afterwards), "Sign out of all devices" ends the account's other sessions too,
// and a sign-out the server cannot confirm still clears the browser.

let counter = 0;
/** Set-up calls come from addresses of their own, clear of the per-address limits the browser's address meets. */
const from = () => ({ 'CF-Connecting-IP': `198.19.${Math.floor(Math.random() * 250)}.${counter++ % 250}` });
const PASSWORD = 'Sign-out-pass-2026';

async function newStudent(request: APIRequestContext) {
  const email = uniqueEmail('signout-student');
  await verifiedStudent(
    request,
    {
      fullName: 'Sign Out Student',
      academicStatus: 'Graduate',
      contactNumber: `+44 20 7946 ${Date.now() % 1e6}${counter}`,
      email,
      currentAddress: '1 Exit Road, Leeds',
      password: PASSWORD,
    },
    from,
  );
  return email;
}

async function newPartner(request: APIRequestContext) {
  const email = uniqueEmail('signout-partner');
  await verifiedPartner(
    request,
    partnerForm({
      companyName: 'Sign Out Ltd',
      ownerFirstName: 'Pat',
      ownerLastName: 'Out',
      ownerEmail: email,
      contactEmail: uniqueEmail('signout-contact'),
      password: PASSWORD,
    }),
    from,
  );
  return email;
}

async function newApplicant(request: APIRequestContext) {
  const email = uniqueEmail('signout-applicant');
  const res = await request.post('/api/job-applicants/register', {
    headers: from(),
    data: { fullName: 'Sign Out Applicant', email, phone: '020 7946 0111', password: PASSWORD },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** A sign-in through the API: the token a device holds. */
async function signIn(request: APIRequestContext, path: string, email: string) {
  const res = await request.post(path, { headers: from(), data: { email, password: PASSWORD } });
  expect(res.status(), `${path} ${await res.text()}`).toBe(200);
  return (await res.json()) as { token: string; user?: unknown; partner?: unknown };
}

/** Whether a token still opens its account (200) or has been ended (401). */
async function statusOf(request: APIRequestContext, path: string, headers: Record<string, string>) {
  return (await request.get(path, { headers })).status();
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A new student, signed in on this page's browser (the session stored as the login page stores it). */
async function studentInBrowser(page: Page, request: APIRequestContext) {
  const email = await newStudent(request);
  const browser = await signIn(request, '/api/users/login', email);
  await storeSession(page, studentSession(browser));
  return { email, browser };
}

/** A new student with the dashboard open in this browser, and signed in on a phone too. */
async function studentOnDashboardAndPhone(page: Page, request: APIRequestContext) {
  const { email, browser } = await studentInBrowser(page, request);
  const phone = await signIn(request, '/api/users/login', email);
  await page.goto('/profile-bashboard-student');
  return { browser, phone };
}

/** Whether a student's token still opens the profile (200) or has been ended (401). */
const profileStatus = (request: APIRequestContext, token: string) =>
  statusOf(request, '/api/users/profile', bearer(token));

/** The dashboard menu's Logout. */
const studentLogout = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Student' })
    .getByRole('button', { name: 'Logout', exact: true })
    .click();

/** A dashboard's "Sign-in and security" tab, where "Sign out of all devices" is. */
const openSettings = (page: Page) => page.getByRole('tab', { name: 'Sign-in and security' }).click();

const posted = (page: Page, path: string) =>
  page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path);

test('student dashboard: Logout ends the session on the server; other devices stay signed in', async ({
  page,
  request,
}) => {
  const { browser, phone } = await studentOnDashboardAndPhone(page, request);
  await expect(page.getByRole('heading', { name: /Welcome, Sign Out Student/ })).toBeVisible();

  const call = posted(page, '/api/users/logout');
  await studentLogout(page);
  expect((await call).headers()['authorization']).toBe(`Bearer ${browser.token}`);
  await page.waitForURL(/\/login\/?$/);
  expect(await storedStudentSession(page)).toEqual([null, null, null]);
  expect(await profileStatus(request, browser.token)).toBe(401);
  expect(await profileStatus(request, phone.token)).toBe(200);
});

test('student dashboard: Sign out of all devices ends every session of the account', async ({
  page,
  request,
}) => {
  const { browser, phone } = await studentOnDashboardAndPhone(page, request);
  await openSettings(page);
  const call = posted(page, '/api/users/logout-all');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await call;
  await page.waitForURL(/\/login\/?$/);
  expect(await profileStatus(request, browser.token)).toBe(401);
  expect(await profileStatus(request, phone.token)).toBe(401);
});

test('student dashboard: Logout still clears the browser when the server cannot be reached', async ({
  page,
  request,
}) => {
  await studentInBrowser(page, request);
  await page.route('**/api/users/logout', (route) => route.abort('internetdisconnected'));
  await page.goto('/profile-bashboard-student');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await studentLogout(page);
  await page.waitForURL(/\/login\/?$/);
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
});

test('student dashboard: Sign out of all devices that fails says so and keeps the person signed in', async ({
  page,
  request,
}) => {
  const { browser } = await studentInBrowser(page, request);
  await page.route('**/api/users/logout-all', (route) => route.abort('internetdisconnected'));
  await page.goto('/profile-bashboard-student');
  await openSettings(page);
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'We could not sign out your other devices. Check your connection and try again.',
  );
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBe(browser.token);
});

test('site header: Logout ends the stored session on the server', async ({ page, request }) => {
  const { browser } = await studentInBrowser(page, request);
  await page.goto('/destinations');
  const header = page.locator('header.site-header');
  // Shown once the header's script has read the stored session; the click waits for it.
  await header.getByRole('button', { name: /Account menu/ }).click();
  const call = posted(page, '/api/users/logout');
  await header.locator('#account-menu [data-logout]').click();
  await call;
  await page.waitForURL((url) => url.pathname === '/');
  expect(await profileStatus(request, browser.token)).toBe(401);
});

test('partner dashboard: Logout and Sign out of all devices end sessions on the server', async ({
  page,
  request,
}) => {
  const email = await newPartner(request);
  const first = await signIn(request, '/api/partner/login', email);
  await storeSession(page, { partnerToken: first.token, partner: JSON.stringify(first.partner) });
  await page.goto('/partnerdashboard');
  await expect(page.getByText('Welcome, Pat')).toBeVisible();
  const logout = posted(page, '/api/partner/logout');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await logout;
  await page.waitForURL(/\/login-partner-account\/?$/);
  expect(await statusOf(request, '/api/partner/profile', bearer(first.token))).toBe(401);

  const browser = await signIn(request, '/api/partner/login', email);
  const tablet = await signIn(request, '/api/partner/login', email);
  await page.evaluate((s) => {
    localStorage.setItem('partnerToken', s.token);
    localStorage.setItem('partner', JSON.stringify(s.partner));
  }, browser);
  await page.goto('/partnerdashboard');
  await openSettings(page);
  const all = posted(page, '/api/partner/logout-all');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await all;
  await page.waitForURL(/\/login-partner-account\/?$/);
  expect(await statusOf(request, '/api/partner/profile', bearer(browser.token))).toBe(401);
  expect(await statusOf(request, '/api/partner/profile', bearer(tablet.token))).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem('partnerToken'))).toBeNull();
});

test('job applicant /my-applications: Log out and Sign out of all devices end sessions on the server', async ({
  page,
  request,
}) => {
  const email = await newApplicant(request);
  const first = await signIn(request, '/api/job-applicants/login', email);
  await storeSession(page, { applicantToken: first.token });
  await page.goto('/my-applications');
  await expect(page.getByText('Signed in as')).toBeVisible();
  const logout = posted(page, '/api/job-applicants/logout');
  await page.getByRole('button', { name: 'Log out' }).click();
  expect((await logout).headers()['x-applicant-token']).toBe(first.token);
  await expect(page.getByText('Log in with your job-applicant account')).toBeVisible();
  expect(await statusOf(request, '/api/job-applicants/me', { 'X-Applicant-Token': first.token })).toBe(401);

  const browser = await signIn(request, '/api/job-applicants/login', email);
  const laptop = await signIn(request, '/api/job-applicants/login', email);
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), browser.token);
  await page.reload();
  await expect(page.getByText('Signed in as')).toBeVisible();
  const all = posted(page, '/api/job-applicants/logout-all');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await all;
  await expect(page.getByText('Log in with your job-applicant account')).toBeVisible();
  expect(await statusOf(request, '/api/job-applicants/me', { 'X-Applicant-Token': laptop.token })).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem('applicantToken'))).toBeNull();
});

test('back office: Sign out and Sign out of all devices end staff sessions on the server', async ({
  page,
  playwright,
  baseURL,
}) => {
  // An editor: admins must also give a second factor (e2e/admin-back-office.spec.ts covers that).
  const email = uniqueEmail('signout-staff');
  const password = 'a long sign-out password 7';
  await createStaff({ email, name: 'Sign Out Staff', password }, 'editor');
  // Staff sessions live in an HttpOnly cookie: each device is its own cookie jar.
  const device = async () => {
    const jar = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL!, ...from() },
    });
    expect((await jar.post('/api/admin/auth/login', { data: { email, password } })).status()).toBe(200);
    return jar;
  };
  const me = async (jar: APIRequestContext) => (await jar.get('/api/admin/auth/me')).status();
  const signInHere = async () => {
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Sign Out Staff (editor)')).toBeVisible();
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === '__Host-staff_session');
    expect(cookie?.httpOnly).toBe(true);
    return cookie!.value;
  };
  const replay = async (value: string) => {
    const jar = await playwright.request.newContext({ baseURL });
    return (
      await jar.get('/api/admin/auth/me', { headers: { Cookie: `__Host-staff_session=${value}` } })
    ).status();
  };

  const laptop = await device();
  const first = await signInHere();
  expect(await replay(first)).toBe(200);
  const logout = posted(page, '/api/admin/auth/logout');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await logout;
  await page.waitForURL(/\/admin\/login/);
  // This browser's session is over on the server (a copy of its cookie no longer works); the laptop's is not.
  expect(await replay(first)).toBe(401);
  expect(await me(laptop)).toBe(200);

  await signInHere();
  const all = posted(page, '/api/admin/auth/logout-all');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await all;
  await page.waitForURL(/\/admin\/login/);
  expect(await me(laptop)).toBe(401);
});

test('the common-password list is not shipped to the browser', () => {
  // A stretch of the list as zxcvbn-ts packs it, and its dictionary name.
  const markers = ['A123456ApasswordA12345678', 'passwords-common'];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(js|mjs|html)$/.test(entry.name)) files.push(path);
    }
  };
  walk('dist');
  expect(files.length).toBeGreaterThan(10);
  const found = files.filter((f) => markers.some((m) => readFileSync(f, 'utf8').includes(m)));
  expect(found).toEqual([]);
});
