import type { Page } from '@playwright/test';
import { hydratedAround } from '../helpers/islands.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// Issue 29: every public form as a person sees it after pressing its button with nothing filled
// in (e2e/helpers/screen-state.ts): the errors showing, styled, on a phone and a desktop. A new form
// is one more row here.

test.describe.configure({ timeout: 180_000 });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

const forms: {
  name: string;
  path: string;
  submit: string;
  /** Fills what must be filled before the error this state shows. */
  fill?: (page: Page) => Promise<void>;
  /** A toast that goes by itself: the state is the form once it has gone. */
  toast?: string;
}[] = [
  { name: 'login', path: '/login', submit: 'Sign In' },
  { name: 'registration', path: '/registration-step-to-step', submit: 'Next' },
  { name: 'forgot-password', path: '/forgot-password', submit: 'Send Code' },
  { name: 'partner-login', path: '/login-partner-account', submit: 'Log In' },
  { name: 'partner-register', path: '/become-our-partner-registerhere', submit: 'Next' },
  { name: 'partner-forgot-password', path: '/partner-forgot-password', submit: 'Send reset code' },
  { name: 'contact', path: '/contactform', submit: 'Send Message' },
  {
    // Its fields are required at browser level (spec 2): filled, the terms left unticked.
    name: 'assistance-request',
    path: '/AssistanceRequestForm',
    submit: 'Submit request',
    toast: 'You must accept the Terms & Conditions!',
    fill: async (page) => {
      await page.getByLabel('Company name').fill('Aire Valley Home Care');
      await page.getByLabel('Phone number').fill('020 7946 0123');
      await page.getByLabel('Contact name').fill('Jane Smith');
      await page.getByLabel('Email').fill('jane@example.com');
      await page.getByLabel('Postcode').fill('LS1 4AP');
      await page.getByLabel('Message').fill('We need six care assistants from March.');
    },
  },
];

for (const form of forms) {
  test(`${form.path}: the form with its errors showing`, async ({ page, states }) => {
    await page.goto(form.path);
    const submit = page.getByRole('button', { name: form.submit, exact: true });
    await hydratedAround(submit);
    await form.fill?.(page);
    await submit.click();
    if (form.toast) {
      // The toast (site/islands/common/toast.tsx), not the same words beside the field.
      const toast = page.locator('[data-kind]', { hasText: form.toast });
      await expect(toast).toBeVisible();
      await expect(toast).toHaveCount(0, { timeout: 30_000 });
    }
    // A field marked invalid, a message in an alert, or a field described by its error.
    const error = page
      .locator('[aria-invalid="true"], [role="alert"]:not(:empty), [aria-describedby$="-error"]')
      .first();
    await expect(error).toBeVisible();
    await states.check(`form-${form.name}-errors`, { show: error });
  });
}
