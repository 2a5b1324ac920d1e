import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  partnerForm,
  registeredApplicant,
  storeSession,
  studentSession,
  verifiedPartner,
  verifiedStudent,
} from './helpers/accounts.ts';
import { uniqueEmail } from './helpers/mailbox.ts';
import { hydrated } from './helpers/islands.ts';
import {
  DEVICE_SIGNED_OUT,
  PASSWORD_CHANGED,
  WRONG_CURRENT_PASSWORD,
} from '#schemas/account-settings-text.ts';

// "Sign-in and security" behind each door, as a person uses it with two devices: signed in here and
// on a phone, they see both, sign the phone out (its next call is refused), then change the
// password (the old one is refused from then on, the new one signs in, and the other devices are
// signed out while this one stays).

const PASSWORD = 'Settings-pass-2026';
const NEW_PASSWORD = 'Settings-fresh-2027';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let counter = 0;
/** Each device and each set-up call comes from an address of its own, clear of the per-address limits. */
const address = () => `198.18.${process.pid % 250}.${counter++ % 250}`;

interface Door {
  name: string;
  /** A new verified account of this kind; its e-mail. */
  account: (request: APIRequestContext) => Promise<string>;
  login: string;
  /** The call the dashboard makes first: refused once its session has ended. */
  me: string;
  dashboard: string;
  /** Signs in through the door's own sign-in page and waits for the dashboard. */
  signIn: (page: Page, email: string, password: string) => Promise<void>;
  /** The dashboard is shown (its session was accepted). */
  shown: (page: Page) => Promise<void>;
  /** What the browser stores for a session answered by `login`. */
  stored: (answer: { token: string; user?: unknown; partner?: unknown }) => Record<string, string>;
  /** Opens "Sign-in and security" on the dashboard. */
  openSettings: (page: Page) => Promise<void>;
  /** The page after its session was refused: the sign-in. */
  signedOutPage: (page: Page) => Promise<void>;
}

const doors: Door[] = [
  {
    name: 'student',
    account: async (request) => {
      const email = uniqueEmail('settings-student');
      await verifiedStudent(
        request,
        {
          fullName: 'Settings Student',
          academicStatus: 'Graduate',
          contactNumber: `+44 20 7946 ${String(Date.now() % 1e4).padStart(4, '0')}${counter % 10}`,
          email,
          currentAddress: '3 Key Street, Leeds',
          password: PASSWORD,
        },
        () => ({ 'CF-Connecting-IP': address() }),
      );
      return email;
    },
    login: '/api/users/login',
    me: '/api/users/profile',
    dashboard: '/profile-bashboard-student',
    signIn: async (page, email, password) => {
      await page.goto('/login');
      await hydrated(page, 'LoginForm');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/profile-bashboard-student\/?$/);
    },
    shown: (page) => expect(page.getByRole('heading', { name: 'Welcome, Settings Student' })).toBeVisible(),
    stored: studentSession,
    openSettings: (page) => page.getByRole('tab', { name: 'Sign-in and security' }).click(),
    signedOutPage: (page) => page.waitForURL(/\/login\/?$/),
  },
  {
    name: 'partner',
    account: async (request) => {
      const email = uniqueEmail('settings-partner');
      await verifiedPartner(
        request,
        partnerForm({
          companyName: 'Settings Ltd',
          ownerFirstName: 'Sol',
          ownerEmail: email,
          password: PASSWORD,
        }),
        () => ({ 'CF-Connecting-IP': address() }),
      );
      return email;
    },
    login: '/api/partner/login',
    me: '/api/partner/profile',
    dashboard: '/partnerdashboard',
    signIn: async (page, email, password) => {
      await page.goto('/login-partner-account');
      await hydrated(page, 'PartnerLogin');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL(/\/partnerdashboard\/?$/);
    },
    shown: (page) => expect(page.getByRole('heading', { name: 'Welcome, Sol' })).toBeVisible(),
    stored: ({ token, partner }) => ({ partnerToken: token, partner: JSON.stringify(partner) }),
    openSettings: (page) => page.getByRole('tab', { name: 'Sign-in and security' }).click(),
    signedOutPage: (page) => page.waitForURL(/\/login-partner-account\/?$/),
  },
  {
    name: 'job seeker',
    account: async (request) => {
      const email = uniqueEmail('settings-seeker');
      const { token } = await registeredApplicant(
        request,
        { fullName: 'Settings Seeker', email, password: PASSWORD },
        () => ({ 'CF-Connecting-IP': address() }),
      );
      // Registering signs in too: that session ends here, so the devices are the test's two.
      const out = await request.post('/api/job-applicants/logout', {
        headers: { 'X-Applicant-Token': token },
      });
      expect(out.status()).toBe(200);
      return email;
    },
    login: '/api/job-applicants/login',
    me: '/api/job-applicants/me',
    dashboard: '/my-applications',
    signIn: async (page, email, password) => {
      await page.goto('/my-applications');
      await hydrated(page, 'MyApplications');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Signed in as')).toBeVisible();
    },
    shown: (page) => expect(page.getByText('Signed in as')).toBeVisible(),
    stored: ({ token }) => ({ applicantToken: token }),
    // A section of the page, whose list was read when the page opened (before the phone signed
    // in): the page opened again, and the section scrolled to.
    openSettings: async (page) => {
      await page.reload();
      await page.getByRole('heading', { name: 'Sign-in and security' }).scrollIntoViewIfNeeded();
    },
    signedOutPage: (page) => expect(page.getByText('Log in with your job-applicant account')).toBeVisible(),
  },
];

/** A second browser (its own storage, an iPhone's user agent) signed in to the account, its dashboard open. */
async function phoneSignedIn(browser: Browser, baseURL: string, door: Door, email: string, password: string) {
  const context = await browser.newContext({
    baseURL,
    userAgent: IPHONE,
    extraHTTPHeaders: { 'CF-Connecting-IP': address() },
  });
  const page = await context.newPage();
  const res = await context.request.post(door.login, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const answer = (await res.json()) as { token: string };
  await storeSession(page, door.stored(answer));
  await page.goto(door.dashboard);
  await door.shown(page);
  return { context, page, token: answer.token };
}

const devicesList = (page: Page) => page.getByRole('list', { name: 'Signed-in devices' });

for (const door of doors) {
  test(`${door.name}: two devices, the other signed out, then the password changed`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': address() });
    const email = await door.account(page.request);
    await door.signIn(page, email, PASSWORD);
    const phone = await phoneSignedIn(browser, baseURL!, door, email, PASSWORD);

    // Both devices, this one marked; only the other has Sign out.
    await door.openSettings(page);
    const rows = devicesList(page).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    const here = rows.filter({ hasText: 'This device' });
    const iphone = rows.filter({ hasText: 'Safari on iPhone' });
    await expect(here).toHaveCount(1);
    await expect(here.getByRole('button')).toHaveCount(0);
    await expect(iphone).not.toContainText('This device');

    // Sign the phone out, confirmed in the dialog.
    await iphone.getByRole('button', { name: /^Sign out Safari on iPhone, signed in / }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out this device?' });
    await expect(dialog).toContainText('Safari on iPhone');
    const ended = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Sign out the device' }).click();
    expect((await ended).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: DEVICE_SIGNED_OUT })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeFocused();
    await expect(rows).toHaveText([/This device/, 'No other device is signed in.']);

    // The phone's next call is refused, and its dashboard sends it to sign in.
    const refused = phone.page.waitForResponse((r) => new URL(r.url()).pathname === door.me);
    await phone.page.reload();
    expect((await refused).status()).toBe(401);
    await door.signedOutPage(phone.page);

    // Signed in on the phone again, then the password changed here: first with a wrong current one.
    await door.signIn(phone.page, email, PASSWORD);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('textbox', { name: 'Current password' }).fill('not-my-password');
    await form.getByRole('textbox', { name: 'New password' }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    const current = form.getByRole('textbox', { name: 'Current password' });
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(WRONG_CURRENT_PASSWORD);
    await expect(current).toBeFocused();

    await current.fill(PASSWORD);
    await form.getByRole('button', { name: 'Show current password' }).click();
    await expect(current).toHaveAttribute('type', 'text');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeFocused();
    await expect(page.getByText(PASSWORD_CHANGED)).toBeVisible();

    // The old password is refused from now on, the new one signs in; this device stays signed in,
    // the phone (signed in before the change) is signed out.
    const login = (password: string) =>
      page.request.post(door.login, {
        headers: { 'CF-Connecting-IP': address() },
        data: { email, password },
      });
    expect((await login(PASSWORD)).status()).toBe(401);
    expect((await login(NEW_PASSWORD)).status()).toBe(200);
    const phoneRefused = phone.page.waitForResponse((r) => new URL(r.url()).pathname === door.me);
    await phone.page.reload();
    expect((await phoneRefused).status()).toBe(401);
    await door.signedOutPage(phone.page);
    await page.reload();
    await door.shown(page);
    await phone.context.close();
  });
}

test('student: Sign out of all devices ends this session and the others', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': address() });
  const door = doors[0]!;
  const email = await door.account(page.request);
  const here = await page.request.post(door.login, { data: { email, password: PASSWORD } });
  const session = (await here.json()) as { token: string; user: unknown };
  await storeSession(page, door.stored(session));
  const phone = await phoneSignedIn(browser, baseURL!, door, email, PASSWORD);
  await page.goto(door.dashboard);
  await door.openSettings(page);
  await expect(devicesList(page).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await door.signedOutPage(page);
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
  for (const token of [session.token, phone.token])
    expect(
      (await page.request.get(door.me, { headers: { Authorization: `Bearer ${token}` } })).status(),
    ).toBe(401);
  await phone.context.close();
});
