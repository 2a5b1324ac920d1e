import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { createStaff } from './helpers/rows.ts';
import { expectAccessible } from './helpers/axe.ts';
import { stripeFake } from './helpers/fake-stripe-js.ts';
import { mailsTo, uniqueEmail } from './helpers/mailbox.ts';
import { signInStaff } from './helpers/staff.ts';
import { picture } from './helpers/pictures.ts';

// A staff refund, end to end: an admin refunds part of a paid payment and then the rest from the
// back office; the Worker asks the fake Stripe API, whose webhooks confirm each refund; the payer
// is e-mailed and the receipt shows it.

const stamp = Date.now();
const staff = {
  email: `refunds.${stamp}@example.com`,
  name: 'Rafa Refunds',
  password: 'a long staff password 43',
};
const reference = `INV-R-${stamp}`;

// An admin's first sign-in: password, the e-mailed code, then setting up the second factor.
const secrets = new Map<string, string>();
const signIn = (page: Page) => signInStaff(page, staff, secrets);

/** A paid payment, made as the page and Stripe.js make it: our API creates the intent, Stripe confirms it, the webhook tells us. */
async function paidPayment(request: APIRequestContext) {
  const email = uniqueEmail('refund-payer');
  const created = await request.post('/api/payment/create-payment-intent', {
    data: { amount: 1000, name: 'Ada Lovelace', email, reference, attemptId: crypto.randomUUID() },
    headers: { 'CF-Connecting-IP': `e2e-refund-${stamp}` },
  });
  expect(created.status()).toBe(200);
  const { clientSecret } = (await created.json()) as { clientSecret: string };
  const confirm = await fetch(
    `${stripeFake().url}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_e2e_fake',
        client_secret: clientSecret,
        payment_method: 'pm_card_visa',
      }),
    },
  );
  expect(confirm.status).toBe(200);
  await expect
    .poll(
      async () => (await mailsTo(request, email)).some((m) => m.subject === 'Your payment receipt: $10.00'),
      { timeout: 15_000 },
    )
    .toBe(true);
  return email;
}

test('an admin refunds part of a payment and then the rest; Stripe confirms each, the payer is e-mailed, the receipt shows it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await createStaff(staff, 'admin');
  const email = await paidPayment(request);

  await signIn(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payments' }).click();
  await page.getByLabel('Search payer, reference or payment id').fill(reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The row of this payment (the list may still show the unfiltered page for a moment).
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Ada Lovelace');
  await expect(row).toContainText('Succeeded');
  await row.getByRole('button', { name: 'Ada Lovelace' }).click();
  const detail = page.locator('#admin-detail');
  await expect(detail).toContainText('Visa ending 4242');
  await expect(detail).toContainText('Up to $10.00 can be refunded.');
  await expectAccessible(page);

  // More than was paid: refused before anything is sent.
  await detail.getByLabel('Amount to refund (USD)').fill('12.50');
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(detail.getByRole('alert')).toHaveText('The most that can be refunded is $10.00.');

  // A partial refund, with a reason: Stripe answers "pending", its webhook confirms it.
  await detail.getByLabel('Amount to refund (USD)').fill('4.00');
  await detail.getByLabel('Reason').selectOption('requested_by_customer');
  await detail.getByLabel('Note for the record (optional)').fill('Course place released');
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(detail.getByText('Refund of $4.00 sent to Stripe (pending).')).toBeVisible();
  const refunds = detail.getByRole('listitem');
  await expect(refunds.filter({ hasText: '$4.00' })).toContainText('Refunded', { timeout: 15_000 });
  await expect(refunds.filter({ hasText: '$4.00' })).toContainText(`by ${staff.name}`);
  await expect(refunds.filter({ hasText: '$4.00' })).toContainText(
    'Requested by the payer: “Course place released”',
  );
  await expect(detail.getByText('Partially refunded').first()).toBeVisible();
  await expect(detail).toContainText('Up to $6.00 can be refunded.');
  await expect(row).toContainText('Partially refunded');
  await picture(page, 'admin-refund-partial');
  await expectAccessible(page);

  // The rest.
  await detail.getByRole('button', { name: 'Refund all that is left ($6.00)' }).click();
  await expect(detail.getByLabel('Amount to refund (USD)')).toHaveValue('6.00');
  await detail.getByLabel('Reason').selectOption('duplicate');
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(detail.getByText('Fully refunded.')).toBeVisible({ timeout: 15_000 });
  await expect(refunds.filter({ hasText: '$6.00' })).toContainText('Refunded');
  await expect(row).toContainText('Refunded');

  // The payer: one e-mail per refund, and the receipt says so.
  await expect
    .poll(
      async () =>
        (await mailsTo(request, email))
          .filter((m) => m.subject.startsWith('Your refund'))
          .map((m) => m.subject)
          .sort(),
      { timeout: 15_000 },
    )
    .toEqual(['Your refund: $4.00', 'Your refund: $6.00']);
  const receiptMail = (await mailsTo(request, email)).find((m) => m.subject === 'Your refund: $6.00')!;
  const link = /https?:\/\/\S+\/payment\/receipt\/\S+/.exec(receiptMail.text)![0];
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'Refunded' })).toBeVisible();
  await expect(page.locator('.receipt__facts')).toContainText('$10.00');

  // Every step is in the audit log.
  // page.request carries the browser's cookies: the staff session.
  const audit = (await (await page.request.get('/api/admin/audit?type=payment&pageSize=100')).json()) as {
    items: { action: string; staffName: string | null }[];
  };
  const actions = audit.items.map((a) => a.action);
  for (const action of [
    'payment.refund.requested',
    'payment.refund.pending',
    'payment.refund.succeeded',
    'payment.status',
  ])
    expect(actions).toContain(action);
});
