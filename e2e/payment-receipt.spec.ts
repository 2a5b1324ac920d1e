import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/axe.ts';
import { delayWebhooks, fakeStripeJs } from './helpers/fake-stripe-js.ts';
import { mailsTo, uniqueEmail } from './helpers/mailbox.ts';
import { keepPictures, picture } from './helpers/pictures.ts';

// One receipt, ours: the e-mail Stripe's webhook triggers links to /payment/receipt/{id}?t=…, the
// same page Stripe returns redirected payers to. The whole loop runs: the page, the Worker, the fake
// Stripe API (which forwards its webhooks to the Worker) and the fake Stripe.js in the browser.

const payButton = (page: Page) => page.getByRole('button', { name: /Pay \$10\.00|Processing\.\.\./ });

async function pay(
  page: Page,
  { email = uniqueEmail('payer'), reference = '', card = '4242 4242 4242 4242' } = {},
) {
  await page.goto('/payment');
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByLabel('Email Address').fill(email);
  if (reference) await page.getByLabel('Reference (optional)').fill(reference);
  await page.getByLabel('Card number').fill(card);
  await payButton(page).click();
  return email;
}

/** The receipt link in the receipt e-mail, once the webhook has sent it. */
async function receiptLinkFromMail(request: APIRequestContext, to: string) {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(request, to);
        link =
          /https?:\/\/\S+\/payment\/receipt\/\S+/.exec(
            mails.find((m) => m.subject === 'Your payment receipt: $10.00')?.text ?? '',
          )?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

test.describe('payment receipt', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': `e2e-${testInfo.testId}-${Date.now()}` });
  });

  test('pays, opens the receipt from the e-mail link and prints it to PDF on A4', async ({
    page,
    request,
  }) => {
    await fakeStripeJs(page);
    const email = await pay(page, { reference: 'INV-2026-0042' });
    await expect(page.getByText('Payment successful! Thank you for your purchase.')).toBeVisible();

    const link = await receiptLinkFromMail(request, email);
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    const response = await page.goto(link);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(response!.headers()['cache-control']).toBe('no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    await expect(page.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Paid' })).toBeVisible();
    const facts = page.locator('.receipt__facts');
    const fact = (name: string) =>
      facts
        .locator('div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
        .locator('dd');
    await expect(fact('Amount')).toHaveText('$10.00 USD');
    await expect(fact('Reference')).toHaveText('INV-2026-0042');
    await expect(fact('Card')).toHaveText('Visa ending 4242');
    await expect(fact('Paid by')).toHaveText('Grace Hopper');
    await expect(fact('Date')).toHaveText(/^\d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC$/);
    await expect(fact('Payment ID')).toHaveText(/^pi_fake\w+$/);
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await picture(page, 'receipt-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // On paper: the receipt alone (no site header, footer, banner or buttons), one A4 page.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('.site-footer')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await expect(fact('Amount')).toBeVisible();
    await picture(page, 'receipt-print');
    const pdf = await page.pdf({
      ...(keepPictures && { path: 'e2e/screenshots/receipt.pdf' }),
      preferCSSPageSize: true,
      printBackground: true,
    });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    const pages = text.match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages).toHaveLength(1);
    // A4 is 595 × 842 points (210 × 297 mm).
    const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
    expect(box).not.toBeNull();
    expect(Math.round(Number(box![1]))).toBe(595);
    expect(Math.round(Number(box![2]))).toBe(842);
  });

  test('a redirect-based payment comes back to the receipt page, which says Processing until the webhook confirms it', async ({
    page,
  }) => {
    await delayWebhooks(4_000);
    try {
      await fakeStripeJs(page, { outcome: 'redirect' });
      await pay(page, { reference: 'STU-778899' });
      await page.waitForURL(/\/payment\/receipt\//);
      const status = page.getByRole('status').filter({ hasText: /Processing|Paid/ });
      await expect(status).toHaveText('Processing');
      await expect(
        page.getByText(
          'We are waiting for the payment provider to confirm your payment. This page updates by itself.',
        ),
      ).toBeVisible();
      // Stripe's parameters (with the client secret) leave the address bar; our link stays.
      await expect.poll(() => new URL(page.url()).search).toMatch(/^\?t=[\w-]+\.[\w-]+\.[\w-]+$/);
      // The webhook arrives; the page asks again by itself and shows it.
      await expect(status).toHaveText('Paid', { timeout: 20_000 });
      await expect(page.locator('.receipt__facts')).toContainText('STU-778899');
      await expectAccessible(page);
    } finally {
      await delayWebhooks(0);
    }
  });

  test('a redirect that failed says so, with Stripe’s reason, and offers to try again', async ({ page }) => {
    const stripe = await fakeStripeJs(page, { outcome: 'redirect-failed' });
    await pay(page);
    await page.waitForURL(/\/payment\/receipt\//);
    await expect(page.getByRole('status').filter({ hasText: 'Not completed' })).toBeVisible();
    await expect(page.getByText(/Your payment did not go through.*Nothing was charged\./)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/payment');
    // Stripe.js asked Stripe for the intent (retrievePaymentIntent) on this page.
    await expect
      .poll(() => stripe.apiCalls.some((c) => /^GET \/v1\/payment_intents\/pi_fake\w+$/.test(c)))
      .toBe(true);
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { __stripeFake: { retrieved?: number } }).__stripeFake.retrieved,
      ),
    ).toBe(1);
  });

  test('a forged or incomplete link gets a clear page, never an error', async ({ page }) => {
    for (const path of [
      '/payment/receipt/not-a-payment?t=forged.token.here',
      '/payment/receipt/abc',
      '/payment/receipt',
    ]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(
        'This receipt link is not valid. Please use the link in your receipt e-mail.',
      );
      await expect(page.getByRole('link', { name: 'Go to the payment page' })).toBeVisible();
    }
    await expectAccessible(page);
  });
});
