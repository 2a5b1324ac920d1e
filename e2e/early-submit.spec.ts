import { test, expect, type Page } from '@playwright/test';
import { holdIsland, hydrated } from './helpers/islands.ts';
import { storageKeys } from '#site/lib/storage.ts';

/**
 * Lets the held island run, presses its submit button, and answers what the form sent to `path`:
 * what was typed before the island ran must be in it (site/lib/typed-before-hydration.ts), with
 * nothing typed again.
 */
async function sentOnceReady(page: Page, release: () => void, island: string, button: string, path: string) {
  const sent = page.waitForRequest((request) => request.url().endsWith(path), { timeout: 15_000 });
  release();
  await hydrated(page, island);
  await page.getByRole('button', { name: button }).click();
  return (await sent).postDataJSON() as unknown;
}

// site/lib/early-submit.ts: a form an island draws on the server is not sent the browser's way
// (a GET of the same page with every field in the address) when it is pressed before the island
// runs, as a person on a slow phone may do.
test('a sign-in pressed before its form is ready stays on the page: no password in the address, nothing typed lost', async ({
  page,
}) => {
  const release = await holdIsland(page, 'LoginForm');
  await page.goto('/login');
  await page.getByLabel('Email').fill('early@example.com');
  await page.getByLabel('Password').fill('typed-too-soon-1');
  // Each submit the page sees, and whether it was stopped (a listener after the guard's): one that
  // is not stopped is sent the browser's way.
  await page.evaluate(() => {
    const seen: boolean[] = ((window as unknown as { submits: boolean[] }).submits = []);
    addEventListener('submit', (e) => seen.push(e.defaultPrevented));
  });
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { submits: boolean[] }).submits))
    .toEqual([true, true]);
  expect(page.url()).not.toContain('?');
  expect(page.url()).toMatch(/\/login\/?$/);
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
  await expect(page.getByLabel('Password')).toHaveValue('typed-too-soon-1');

  // Once the island runs, Sign In sends what was typed as it stands (an unknown account: the
  // server's answer), and the fields keep it.
  expect(await sentOnceReady(page, release, 'LoginForm', 'Sign In', '/api/users/login')).toEqual(
    expect.objectContaining({ email: 'early@example.com', password: 'typed-too-soon-1' }),
  );
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
  await expect(page.getByLabel('Password')).toHaveValue('typed-too-soon-1');
  expect(page.url()).not.toContain('?');
});

test('a search form with an address of its own goes there all the same before its island runs', async ({
  page,
}) => {
  await holdIsland(page, 'SearchResults');
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search subjects' }).fill('nursing');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/?\?query=nursing$/);
});

test('a partner sign-in typed before its form is ready is sent as typed once it is', async ({ page }) => {
  // The partner pages' forms share one card (site/islands/partner/form-card.tsx).
  const release = await holdIsland(page, 'PartnerLogin');
  await page.goto('/login-partner-account');
  await page.getByLabel('Email').fill('early.partner@example.com');
  await page.locator('#password').fill('typed-too-soon-2');
  expect(await sentOnceReady(page, release, 'PartnerLogin', 'Log In', '/api/partner/login')).toEqual(
    expect.objectContaining({ email: 'early.partner@example.com', password: 'typed-too-soon-2' }),
  );
  await expect(page.getByLabel('Email')).toHaveValue('early.partner@example.com');
});

test('typed before the registration form is ready wins over the draft it restores', async ({ page }) => {
  // The wizard restores a saved draft once it runs; what the person typed since is newer.
  await page.addInitScript((key) => {
    localStorage.setItem(
      key,
      JSON.stringify({ step: 1, userId: null, formData: { fullname: 'Saved Name' } }),
    );
  }, storageKeys.registrationSession);
  const release = await holdIsland(page, 'RegistrationWizard');
  await page.goto('/registration-step-to-step');
  await page.getByLabel('Full Name').fill('Typed Name');
  release();
  await hydrated(page, 'RegistrationWizard');
  await expect(page.getByLabel('Full Name')).toHaveValue('Typed Name');
  await expect
    .poll(() =>
      page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? '{}').formData?.fullname,
        storageKeys.registrationSession,
      ),
    )
    .toBe('Typed Name');
});
