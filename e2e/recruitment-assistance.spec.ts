import { test, expect } from '@playwright/test';
import { hydratedAround } from './helpers/islands.ts';

test('the assistance form blocks without terms or category, then submits and resets', async ({
  page,
  request,
}) => {
  await page.goto('/AssistanceRequestForm');
  const form = page.locator('form.rc-assist');
  await hydratedAround(form);
  await expect(page.getByLabel('Country')).toHaveValue('United Kingdom');
  // The server renders the chosen country only; the list arrives as the form hydrates.
  const options = page.getByLabel('Country').locator('option');
  await expect.poll(() => options.count()).toBeGreaterThan(190);
  const countries = await options.allTextContents();
  expect([...countries].sort((a, b) => a.localeCompare(b))).toEqual(countries);
  await expect(form.getByRole('button', { name: /Construction|Care assistant/ })).toHaveCount(2);
  await expect(form.locator('.rc-toggle')).toHaveCount(16);

  const company = `Acme Staffing ${Date.now()}`;
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Phone number').fill('020 7946 0123');
  await page.getByLabel('Contact name').fill('Jane Smith');
  await page.getByLabel('Email').fill('jane@example.com');
  await page.getByLabel('Postcode').fill('LS1 4AP');
  await page.getByLabel('Message').fill('We need six care assistants from March.');

  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.locator('.rc-toast--error')).toHaveText(/You must accept the Terms & Conditions!/);
  await page.getByLabel('I accept the Terms & Conditions').check();
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.locator('.rc-toast--error').last()).toHaveText(/Please select a category!/);
  // Errors leave after 4 s.
  await expect(page.locator('.rc-toast--error')).toHaveCount(0, { timeout: 6000 });

  const care = form.getByRole('button', { name: 'Care assistant' });
  await care.click();
  await expect(care).toHaveAttribute('aria-pressed', 'true');
  await care.click();
  await expect(care).toHaveAttribute('aria-pressed', 'false');
  await care.click();
  await form.getByRole('button', { name: 'Hospitality' }).click();

  await page.getByRole('button', { name: 'Read the Terms & Conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms.getByRole('link', { name: 'Terms & Conditions page' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await page.keyboard.press('Escape');
  await expect(terms).toHaveCount(0);

  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/assistance-requests', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  await expect(page.locator('.rc-toast--success')).toContainText('Your request has been submitted');
  await expect(page.getByLabel('Company name')).toHaveValue('');
  await expect(page.getByLabel('Country')).toHaveValue('United Kingdom');
  await expect(page.getByLabel('I accept the Terms & Conditions')).not.toBeChecked();
  await expect(care).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.rc-toast--success')).toHaveCount(0, { timeout: 4000 });

  const outbox = await request.get('/api/dev/outbox?to=staff-alerts@example.com');
  const mails = (await outbox.json()) as { subject: string }[];
  expect(mails.some((m) => m.subject.includes(company))).toBe(true);
});

test('the server error is shown in a toast', async ({ page }) => {
  await page.route('**/api/assistance-requests', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Unknown category: X' }),
    }),
  );
  await page.goto('/recruitments');
  const form = page.locator('form.rc-assist');
  await hydratedAround(form);
  await form.getByLabel('Company name').fill('A');
  await form.getByLabel('Phone number').fill('1');
  await form.getByLabel('Contact name').fill('B');
  await form.getByLabel('Email').fill('b@example.com');
  await form.getByLabel('Postcode').fill('X1');
  await form.getByLabel('Message').fill('Hi');
  await form.getByLabel('I accept the Terms & Conditions').check();
  await form.getByRole('button', { name: 'Construction' }).click();
  await form.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.locator('.rc-toast--error')).toContainText('Unknown category: X');
});
