import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo } from './mailbox.ts';
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
 * The code of the newest e-mail to a staff address that links an authenticator (an admin's first
 * sign-in, or turning two-step sign-in on from the back office), from the dev outbox. `newerThan`:
 * only a code of the e-mails after the first `newerThan` such e-mails (a new code, not the last one).
 */
export async function authenticatorCode(request: APIRequestContext, to: string, { newerThan = 0 } = {}) {
  const codes = async () =>
    (await mailsTo(request, to))
      .filter((m) => /code to set up two-step sign-in/.test(m.subject))
      .map((m) => m.text.match(/\b(\d{6})\b/)?.[1]);
  await expect
    .poll(async () => (await codes()).length, { message: `No set-up code e-mailed to ${to}` })
    .toBeGreaterThan(newerThan);
  return (await codes())[0]!;
}

/** How many set-up codes a staff address has been e-mailed so far (for `authenticatorCode`'s `newerThan`). */
export const authenticatorCodesSent = async (request: APIRequestContext, to: string) =>
  (await mailsTo(request, to)).filter((m) => /code to set up two-step sign-in/.test(m.subject)).length;

/**
 * Signs a staff member in the way a person does, from the password on: an admin's first sign-in
 * answers the code e-mailed to the staff address, then sets up the authenticator (its key kept in
 * `secrets` for the next sign-in) and passes the recovery codes; later sign-ins give a fresh code
 * from it; an editor without one is in at once.
 */
export async function signInStaff(
  page: Page,
  who: { email: string; name: string; password: string },
  secrets: Map<string, string>,
) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const welcome = page.getByRole('heading', { name: `Welcome, ${who.name}` });
  const emailed = page.getByLabel('Code from the e-mail');
  const code = page.getByLabel('Code from your authenticator app');
  await expect(welcome.or(emailed).or(code).first()).toBeVisible();
  if (await emailed.isVisible()) {
    await emailed.fill(await authenticatorCode(page.request, who.email));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    secrets.set(who.email, secret);
    await code.fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('button', { name: 'I have saved my recovery codes: continue' }).click();
  } else if (await code.isVisible()) {
    await code.fill(await freshTotp(secrets.get(who.email)!));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(welcome).toBeVisible();
}

/**
 * Creates an admin and signs them in the way a new admin does: password, the code e-mailed to the
 * staff address, then setting up two-step sign-in (the key read from the page, the first code from
 * it), then past the recovery codes. `created`: the account exists already (made by `createStaff`
 * in a hook with more time). Answers the authenticator key, for signing in again.
 */
export async function signInNewAdmin(
  page: Page,
  admin: { email: string; name: string; password: string },
  { created = false } = {},
) {
  if (!created) await createStaff(admin, 'admin');
  const secrets = new Map<string, string>();
  await signInStaff(page, admin, secrets);
  return secrets.get(admin.email)!;
}
