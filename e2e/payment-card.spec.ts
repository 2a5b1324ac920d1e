import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/axe.ts';
import { hydratedAround } from './helpers/islands.ts';
import { confirmCalls, fakeStripeJs } from './helpers/fake-stripe-js.ts';
import { mailsTo, uniqueEmail } from './helpers/mailbox.ts';
import { picture } from './helpers/pictures.ts';

// The page talks to our Worker for real (which talks to the fake Stripe API started beside it);
// only Stripe.js, which would come from js.stripe.com, is answered by a fake in the browser.

const payButton = (page: Page) => page.getByRole('button', { name: /Pay \$10\.00|Processing\.\.\./ });

async function fillForm(page: Page, email = uniqueEmail('payer'), card = '4242 4242 4242 4242') {
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Card number').fill(card);
  return email;
}

/** The e-mails with this subject sent to an address (the webhook arrives a moment after the payment). */
async function waitForMail(request: APIRequestContext, to: string, subject: string) {
  let found: { subject: string; text: string }[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).filter((m) => m.subject === subject);
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  return found;
}

test.describe('/payment', () => {
  // Payment attempts are rate limited per address: each test pays from an address of its own.
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': `e2e-${testInfo.testId}-${Date.now()}` });
  });

  test('shows the page, loads Stripe.js only from js.stripe.com, and pays through the Payment Element', async ({
    page,
    request,
  }) => {
    const stripe = await fakeStripeJs(page);
    const intentCalls: { status: number; body: string | null }[] = [];
    page.on('response', async (res) => {
      if (res.url().endsWith('/api/payment/create-payment-intent'))
        intentCalls.push({ status: res.status(), body: res.request().postData() });
    });
    const response = await page.goto('/payment');
    // Only Stripe's documented origins, and the Payment Request API for Stripe's frames (wallets).
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain(
      "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; connect-src 'self' https://api.stripe.com",
    );
    expect(headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
    );
    const meta = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(meta).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com/);

    await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Payment' })).toBeVisible();
    await expect(page.getByText('Secure payment processing by a card payment provider')).toBeVisible();
    await expect(page.getByText('Your payment information is secure and encrypted.')).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByText('Subtotal')).toBeVisible();
    await expect(summary.locator('dd')).toHaveText(['$10.00', '$10.00']);
    await expect(summary.getByText('Visa')).toBeVisible();
    await expect(summary.getByText('American Express')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await expect(page.getByLabel('Card number')).toBeVisible();
    expect(stripe.requests).toHaveLength(1);
    expect(new URL(stripe.requests[0]!).origin).toBe('https://js.stripe.com');
    const control = await page.evaluate(
      () => (globalThis as unknown as { __stripeFake: Record<string, unknown> }).__stripeFake,
    );
    expect(control.key).toBe('pk_test_e2e_fake');
    // The Payment Element before any intent exists: the fixed amount, cards first, wallets where offered, our own name and e-mail fields.
    expect(control.elementsOptions).toMatchObject({ mode: 'payment', amount: 1000, currency: 'usd' });
    expect(control.elementType).toBe('payment');
    expect(control.elementOptions).toMatchObject({
      paymentMethodOrder: ['card', 'apple_pay', 'google_pay'],
      wallets: { applePay: 'auto', googlePay: 'auto' },
      fields: { billingDetails: { name: 'never', email: 'never' } },
    });

    // Required fields: the browser's own checks stop an empty or malformed submission.
    await expect(payButton(page)).toBeEnabled();
    await payButton(page).click();
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email Address').fill('not-an-email');
    await payButton(page).click();
    expect(
      await page
        .getByLabel('Email Address')
        .evaluate((el) => (el as unknown as { validity: { typeMismatch: boolean } }).validity.typeMismatch),
    ).toBe(true);
    expect(intentCalls).toHaveLength(0);

    const email = await fillForm(page);
    await page.getByLabel('Reference (optional)').fill('INV-2026-0042');
    await payButton(page).click();
    await expect(payButton(page)).toHaveText('Processing...');
    await expect(payButton(page)).toBeDisabled();
    await expect(
      page.getByRole('status').filter({ hasText: 'Payment successful! Thank you for your purchase.' }),
    ).toBeVisible();
    await expect(page.getByText('Payment successful! Thank you for your purchase.')).toHaveCSS(
      'color',
      'rgb(6, 118, 71)',
    );
    await picture(page, 'payment-1280-succeeded');

    // The server created a real intent (through the fake Stripe API) and Stripe.js confirmed it there.
    expect(intentCalls).toHaveLength(1);
    expect(intentCalls[0]!.status).toBe(200);
    expect(JSON.parse(intentCalls[0]!.body!)).toMatchObject({
      amount: 1000,
      name: 'Grace Hopper',
      email,
      reference: 'INV-2026-0042',
    });
    const [call] = await confirmCalls(page);
    expect(call!.clientSecret).toMatch(/^pi_fake\w+_secret_\w+$/);
    expect(call!.billing).toEqual({ name: 'Grace Hopper', email });
    expect(call!.redirect).toBe('if_required');
    expect(call!.usedElements).toBe(true);
    expect(call!.returnUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/payment\/receipt\/[\w-]+\?t=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    expect(stripe.apiCalls).toEqual([
      expect.stringMatching(/^POST \/v1\/payment_intents\/pi_fake\w+\/confirm$/),
    ]);
    // Paid: the button stays off so the same payment is not taken twice; the receipt is one click away.
    await expect(payButton(page)).toHaveText('Pay $10.00');
    await expect(payButton(page)).toBeDisabled();
    await expect(page.getByRole('link', { name: 'View and print your receipt' })).toHaveAttribute(
      'href',
      new URL(call!.returnUrl).pathname + new URL(call!.returnUrl).search,
    );

    // Stripe's webhook (forwarded by the fake, as `stripe listen` would) tells the server: one receipt, ours.
    const receipts = await waitForMail(request, email, 'Your payment receipt: $10.00');
    expect(receipts[0]!.text).toContain('Your reference: INV-2026-0042');
    expect(receipts[0]!.text).toContain('Paid with: Visa ending 4242');
  });

  test('keeps the button disabled until Stripe.js is ready', async ({ page }) => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    await fakeStripeJs(page, { hold });
    const asked = page.waitForRequest('https://js.stripe.com/**');
    await page.goto('/payment');
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await expect(payButton(page)).toHaveText('Pay $10.00');
    await expect(payButton(page)).toBeDisabled();
    // The form is running and has asked for Stripe.js, which is held: the button stays off meanwhile.
    await hydratedAround(payButton(page));
    await asked;
    await expect(payButton(page)).toBeDisabled();
    release();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(payButton(page)).toBeEnabled();
  });

  test("shows the provider's decline message in red, and the button works again", async ({ page }) => {
    // Stripe's declining test card, confirmed at the fake Stripe API.
    await fakeStripeJs(page);
    await page.goto('/payment');
    await fillForm(page, uniqueEmail('payer'), '4000 0000 0000 0002');
    await payButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Your card was declined.');
    await expect(alert).toHaveCSS('color', 'rgb(180, 35, 24)');
    await expect(payButton(page)).toHaveText('Pay $10.00');
    await expect(payButton(page)).toBeEnabled();
    // The message clears when the next attempt starts.
    await payButton(page).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  });

  test("shows the element's own check of an incomplete card in red, before any payment is created", async ({
    page,
  }) => {
    await fakeStripeJs(page);
    const intentCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/payment/create-payment-intent')) intentCalls.push(req.url());
    });
    await page.goto('/payment');
    await fillForm(page, uniqueEmail('payer'), '4242 42');
    await payButton(page).click();
    await expect(page.getByRole('alert')).toHaveText('Your card number is incomplete.');
    expect(intentCalls).toHaveLength(0);
    await expect(payButton(page)).toBeEnabled();
    // The reference is optional and at most 64 characters.
    await expect(page.getByLabel('Reference (optional)')).toHaveAttribute('maxlength', '64');
    await expect(page.getByLabel('Reference (optional)')).not.toHaveAttribute('required');
  });

  test("falls back to 'Payment failed. Please try again.' when the provider gives no message", async ({
    page,
  }) => {
    await fakeStripeJs(page, { outcome: 'declined-silent' });
    await page.goto('/payment');
    await fillForm(page);
    await payButton(page).click();
    await expect(page.getByRole('alert')).toHaveText('Payment failed. Please try again.');
  });

  test("shows 'An error occurred. Please try again.' when confirming throws", async ({ page }) => {
    await fakeStripeJs(page, { outcome: 'throw' });
    await page.goto('/payment');
    await fillForm(page);
    await payButton(page).click();
    await expect(page.getByRole('alert')).toHaveText('An error occurred. Please try again.');
    await expect(payButton(page)).toBeEnabled();
  });

  test("shows 'An error occurred. Please try again.' when our server cannot create the payment", async ({
    page,
  }) => {
    await fakeStripeJs(page);
    await page.goto('/payment');
    // The fake Stripe API answers 500 for this address, so the Worker answers 502.
    await fillForm(page, `stripe-api-error@${Date.now()}.example.com`);
    const response = page.waitForResponse('**/api/payment/create-payment-intent');
    await payButton(page).click();
    expect((await response).status()).toBe(502);
    await expect(page.getByRole('alert')).toHaveText('An error occurred. Please try again.');
    expect(await confirmCalls(page)).toHaveLength(0);
  });

  test('shows no message for a status other than succeeded', async ({ page }) => {
    await fakeStripeJs(page, { outcome: 'processing', delayMs: 200 });
    await page.goto('/payment');
    await fillForm(page);
    await payButton(page).click();
    await expect(payButton(page)).toHaveText('Processing...');
    await expect(payButton(page)).toHaveText('Pay $10.00');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Payment successful!')).toHaveCount(0);
  });

  test('says plainly when card payments are unavailable and how to pay instead, and loads no Stripe.js', async ({
    page,
  }) => {
    const stripe = await fakeStripeJs(page);
    // The server's answer without keys (as under a plain `npm start`; the API test covers the Worker side).
    await page.route('**/api/payment/config', (route) =>
      route.fulfill({ json: { configured: false, publishableKey: null } }),
    );
    await page.goto('/payment');
    // In words for people: no "configured", no "server"; how to pay instead.
    const off = page.getByTestId('payment-unavailable');
    await expect(off).toContainText(
      'Card payments are unavailable at the moment. To pay another way, contact our office:',
    );
    await expect(off).not.toContainText(/configured|server/);
    await expect(off.getByRole('link', { name: '+44 20 7946 0321' })).toHaveAttribute(
      'href',
      'tel:+442079460321',
    );
    await expect(off.getByRole('link', { name: 'info@example.com' })).toHaveAttribute(
      'href',
      'mailto:info@example.com',
    );
    await expect(off.getByRole('link', { name: 'visit one of our offices' })).toHaveAttribute(
      'href',
      '/contactform',
    );
    await expect(payButton(page)).toBeDisabled();
    await expect(page.getByLabel('Full Name')).toBeDisabled();
    expect(stripe.requests).toHaveLength(0);
    await page.setViewportSize({ width: 375, height: 900 });
    await picture(page, 'payment-375-not-configured');
    await expectAccessible(page);
  });

  test('has no accessibility violations (axe at moderate), and screenshots at 375 and 1280 px', async ({
    page,
  }) => {
    await fakeStripeJs(page, { outcome: 'declined' });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/payment');
      await expect(payButton(page)).toBeEnabled();
      await picture(page, `payment-${width}`);
      await fillForm(page);
      await payButton(page).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await picture(page, `payment-${width}-declined`);
      await expectAccessible(page);
    }
  });
});
