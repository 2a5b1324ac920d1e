import { expect, type Page } from '@playwright/test';
import { createStaff } from './rows.ts';

/** Creates an editor and signs them in with the password alone (an editor has no second factor until they turn it on). */
export async function signInNewEditor(page: Page, editor: { email: string; name: string; password: string }) {
  createStaff(editor, 'editor');
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(editor.email);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${editor.name}` })).toBeVisible();
}
