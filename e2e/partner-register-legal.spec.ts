import { test, expect, type Page } from '@playwright/test';
import { axeViolations } from './helpers/axe.ts';
import { uniqueEmail } from './helpers/mailbox.ts';
import { privacySections, termsSections } from '#site/lib/legal.ts';

// Terms and Privacy open as dialogs from step 4, so nothing typed is lost, and the
// wizard keeps its data (not the password) when the page is left and opened again.

const ready = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

async function toStep4(page: Page, email: string) {
  await page.getByLabel('Company Name').fill('Northgate College');
  await page.getByLabel('Company Headquarters').fill('York, United Kingdom');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Owner First Name').fill('Noor');
  await page.getByLabel('Owner Last Name').fill('Haddad');
  await page.getByLabel('Owner Email').fill(email);
  await page.getByLabel('Owner Phone Number').fill('020 7946 0601');
  await page.getByLabel('Owner Designation').fill('Principal');
  await page.getByLabel('Owner Nationality').fill('British');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Contact First Name').fill('Sam');
  await page.getByLabel('Contact Last Name').fill('Reid');
  await page.getByLabel('Contact Designation').fill('Registrar');
  await page.getByLabel('Contact Phone Number').fill('020 7946 0602');
  await page.getByLabel('Contact Email').fill(`registrar-${email}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Account' })).toBeVisible();
}

test('Terms and Privacy open as dialogs from step 4 and nothing typed is lost', async ({ page }) => {
  const email = uniqueEmail('legal');
  await page.goto('/become-our-partner-registerhere');
  await ready(page);
  await toStep4(page, email);
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('northgate-77');
  await page.getByLabel('Confirm Password').fill('northgate-77');

  await page.getByRole('link', { name: 'Terms and Conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('heading', { level: 3 })).toHaveText(termsSections.map((s) => s.title));
  await expect(terms.getByRole('heading', { name: 'Terms and Conditions' })).toBeFocused();
  expect(page.url()).toMatch(/\/become-our-partner-registerhere$/);
  expect(await axeViolations(page, { include: 'dialog[open]' })).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(terms).toBeHidden();
  await expect(page.getByRole('link', { name: 'Terms and Conditions' })).toBeFocused();

  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
  await expect(privacy.getByRole('heading', { level: 3 })).toHaveCount(10);
  await expect(privacy.getByRole('heading', { level: 3 })).toHaveText(privacySections.map((s) => s.title));
  await privacy.getByRole('button', { name: 'Close' }).click();
  await expect(privacy).toBeHidden();

  // Everything typed is still there, the password included (it was never away from the page).
  await expect(password).toHaveValue('northgate-77');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Contact Email')).toHaveValue(`registrar-${email}`);
});

test('leaving the wizard and coming back keeps the data (session storage), never the password', async ({
  page,
}) => {
  const email = uniqueEmail('draft');
  await page.goto('/become-our-partner-registerhere');
  await ready(page);
  await toStep4(page, email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('northgate-88');

  // Off to read the full terms page in the same tab, then back by the address bar.
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms and Conditions', level: 1 })).toBeVisible();
  const stored = await page.evaluate(() => sessionStorage.getItem('partnerRegistrationDraft'));
  expect(stored).toContain('Northgate College');
  expect(stored).not.toContain('northgate-88');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('Northgate College');

  await page.goto('/become-our-partner-registerhere');
  await ready(page);
  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Owner Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Company Name')).toHaveValue('Northgate College');

  // A reload keeps it too; finishing the registration clears it.
  await page.reload();
  await ready(page);
  await expect(page.getByLabel('Company Name')).toHaveValue('Northgate College');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('northgate-88');
  await page.getByLabel('Confirm Password').fill('northgate-88');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/verify-your-partner-account');
  expect(await page.evaluate(() => sessionStorage.getItem('partnerRegistrationDraft'))).toBeNull();
});
