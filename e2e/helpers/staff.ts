import { expect, type Page } from '@playwright/test';
import { createStaff } from './rows.ts';
import { freshTotp } from './totp.ts';

/** Creates an editor and signs them in with the password alone (an editor has no second factor until they turn it on). */
export async function signInNewEditor(page: Page, editor: { email: string; name: string; password: string }) {
  await createStaff(editor, 'editor');
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(editor.email);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${editor.name}` })).toBeVisible();
}

/**
 * Creates an admin and signs them in the way a new admin does: password, then setting up two-step
 * sign-in (the key read from the page, the first code from it), then past the recovery codes.
 * `created`: the account exists already (made by `createStaff` in a hook with more time).
 * Answers the authenticator key, for signing in again.
 */
export async function signInNewAdmin(
  page: Page,
  admin: { email: string; name: string; password: string },
  { created = false } = {},
) {
  if (!created) await createStaff(admin, 'admin');
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Code from your authenticator app').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByRole('button', { name: 'I have saved my recovery codes: continue' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${admin.name}` })).toBeVisible();
  return secret;
}
