import type { Locator, Page } from '@playwright/test';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { hydratedAround } from '../helpers/islands.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// Every public form as a person sees it after pressing its button with nothing filled
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
  /** What else this state must show, checked before it is compared. */
  expectations?: (page: Page) => Promise<void>;
}[] = [
  { name: 'login', path: '/login', submit: 'Sign In' },
  { name: 'registration', path: '/registration-step-to-step', submit: 'Next' },
  { name: 'forgot-password', path: '/forgot-password', submit: 'Send Code' },
  {
    name: 'partner-login',
    path: '/login-partner-account',
    submit: 'Log In',
    // "Remember me" and "Forgot Password?" share a line: the box centred on it, level with the fields.
    expectations: async (page) => {
      const middle = async (locator: Locator) => {
        const box = (await locator.boundingBox())!;
        return box.y + box.height / 2;
      };
      const remember = page.getByLabel('Remember me');
      const forgot = page.getByRole('link', { name: 'Forgot Password?' });
      expect(
        Math.abs((await middle(remember)) - (await middle(forgot))),
        'box and link centres apart (px)',
      ).toBeLessThanOrEqual(1);
      const words = await page.locator('label[for="remember"]').evaluate((label) => {
        const range = document.createRange();
        range.selectNodeContents(label);
        const r = range.getBoundingClientRect();
        return r.y + r.height / 2;
      });
      expect(
        Math.abs((await middle(remember)) - words),
        'box and its words centres apart (px)',
      ).toBeLessThanOrEqual(1);
      const [box, field] = [(await remember.boundingBox())!, (await page.getByLabel('Email').boundingBox())!];
      expect(Math.abs(box.x - field.x), 'box and the fields left edges apart (px)').toBeLessThanOrEqual(1);
    },
  },
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
    for (const size of [375, 1280]) {
      await page.setViewportSize({ width: size, height: 900 });
      await form.expectations?.(page);
    }
    await states.check(`form-${form.name}-errors`, { show: error });
  });
}

test('/registration-step-to-step: the code step, its six boxes and Back', async ({ page, states }) => {
  await page.goto('/registration-step-to-step');
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await hydratedAround(next);
  const email = uniqueEmail('states-code');
  await page.getByLabel('Full Name').fill('Nia Mensah');
  await page.getByLabel('Academic Status').selectOption({ index: 1 });
  await page.getByLabel('Contact Number').fill(`+44 20 7946 ${String(Date.now() % 1e4).padStart(4, '0')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address').fill('5 Park Row, Leeds');
  await page.getByLabel('Password', { exact: true }).fill('Student-pass-2026');
  await next.click();
  await expect(page.getByLabel('Digit 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
  // The address and the seconds left before a new code can be sent change from run to run.
  await states.check('registration-code', {
    mask: [page.getByText(email, { exact: true }), page.getByText(/^Resend code in/)],
  });
});
