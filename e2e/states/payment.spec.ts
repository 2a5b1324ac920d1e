import type { Page } from '@playwright/test';
import { fakeStripeJs } from '../helpers/fake-stripe-js.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// The payment pages as a payer sees them after the page answers (e2e/helpers/screen-state.ts):
// without card payments, with the notice before the fields it switches off; paid, with the link to
// the receipt; and a receipt link that is not ours, with the way back to pay. Each link a finger
// uses there is a 44 px target.

test.describe.configure({ timeout: 180_000 });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

const payButton = (page: Page) => page.getByRole('button', { name: /Pay \$10\.00|Processing\.\.\./ });

test('/payment without card payments: the notice first, then the fields it switches off', async ({
  page,
  states,
}) => {
  await fakeStripeJs(page);
  await page.route('**/api/payment/config', (route) =>
    route.fulfill({ json: { configured: false, publishableKey: null } }),
  );
  await page.goto('/payment');
  const notice = page.getByTestId('payment-unavailable');
  await expect(notice).toContainText('Card payments are unavailable at the moment.');
  // Read before the three fields it explains: first in the form, in reading order and on screen.
  const name = page.getByLabel('Full Name');
  await expect(name).toBeDisabled();
  const [noticeBox, nameBox] = [(await notice.boundingBox())!, (await name.boundingBox())!];
  expect(noticeBox.y + noticeBox.height, 'the notice ends above Full Name').toBeLessThanOrEqual(nameBox.y);
  const field = await name.elementHandle();
  expect(
    await notice.evaluate(
      (n, f) => (n.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING) > 0,
      field,
    ),
    'the notice comes before Full Name in reading order',
  ).toBe(true);
  await states.check('payment-unavailable');
});

test('/payment paid: the receipt link, and a receipt link that is not ours', async ({ page, states }) => {
  await fakeStripeJs(page);
  await page.goto('/payment');
  // Enabled once the island has the key and Stripe's element is ready.
  await expect(payButton(page)).toBeEnabled();
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByLabel('Email Address').fill('grace@example.com');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payButton(page).click();
  const receipt = page.getByRole('link', { name: 'View and print your receipt' });
  await expect(receipt).toBeVisible();
  await states.check('payment-paid', { show: receipt });

  await page.goto('/payment/receipt/not-a-payment?t=not-a-token');
  const back = page.getByRole('link', { name: 'Go to the payment page' });
  await expect(back).toBeVisible();
  await states.check('receipt-invalid-link');
});
