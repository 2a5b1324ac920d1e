import { expect, type Page } from '@playwright/test';
import { createStaff, sql } from './rows.ts';
import { freshTotp } from './totp.ts';
import { newTotpSecret } from '#functions/services/staff-mfa.ts';

/** Creates an editor and signs them in with the password alone (an editor has no second factor until they turn it on). */
export async function signInNewEditor(page: Page, editor: { email: string; name: string; password: string }) {
  createStaff(editor, 'editor');
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(editor.email);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${editor.name}` })).toBeVisible();
}

/**
 * Creates an admin whose second factor is already on (as if enrolled: a known authenticator secret
 * stored as enrolment stores it) and signs them in with password and code. Answers the secret.
 */
export async function signInNewAdmin(page: Page, admin: { email: string; name: string; password: string }) {
  createStaff(admin, 'admin');
  const secret = newTotpSecret();
  const now = Date.now();
  sql(
    `INSERT INTO staff_mfa (staff_id, secret, confirmed_at, created_at, updated_at) SELECT id, '${secret}', ${now}, ${now}, ${now} FROM staff WHERE email = '${admin.email.toLowerCase()}'`,
  );
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code from your authenticator app').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${admin.name}` })).toBeVisible();
  return secret;
}
