import type { Page, Route } from '@playwright/test';

/**
 * Stripe.js for browser tests (js.stripe.com is unreachable here): a small `Stripe()` with
 * elements().create('card') mounting a plain input, and confirmCardPayment answering as the test
 * says through `window.__stripeFake`:
 *   { outcome: 'succeeded' | 'processing' | 'declined' | 'declined-silent' | 'throw', delayMs }
 * Each call is recorded in `window.__stripeFake.calls` (clientSecret and billing details).
 */
const script = String.raw`(function () {
  var control = (window.__stripeFake = window.__stripeFake || {});
  control.calls = [];
  function Stripe(key) {
    control.key = key;
    var card = null;
    var elements = {
      create: function (type) {
        var handlers = {};
        var input = null;
        var element = {
          mount: function (target) {
            var host = typeof target === 'string' ? document.querySelector(target) : target;
            input = document.createElement('input');
            input.setAttribute('aria-label', 'Card number');
            input.setAttribute('placeholder', '1234 1234 1234 1234');
            input.setAttribute('data-fake-stripe', type);
            input.style.cssText = 'border:0;width:100%;font:inherit;background:transparent;padding:0;outline:none';
            host.appendChild(input);
            setTimeout(function () { (handlers.ready || []).forEach(function (h) { h({ elementType: type }); }); }, 50);
          },
          on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
          off: function (name, handler) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== handler; }); return element; },
          update: function (options) { if (input && options && 'disabled' in options) input.disabled = !!options.disabled; },
          clear: function () { if (input) input.value = ''; },
          focus: function () { if (input) input.focus(); },
          blur: function () { if (input) input.blur(); },
          unmount: function () { if (input) input.remove(); },
          destroy: function () { if (input) input.remove(); card = null; },
          value: function () { return input ? input.value : ''; },
        };
        card = element;
        return element;
      },
      getElement: function () { return card; },
      update: function () {},
    };
    return {
      elements: function () { return elements; },
      createToken: function () { return Promise.reject(new Error('not in the fake')); },
      createPaymentMethod: function () { return Promise.reject(new Error('not in the fake')); },
      confirmCardPayment: function (clientSecret, data) {
        control.calls.push({ clientSecret: clientSecret, billing: data && data.payment_method && data.payment_method.billing_details, card: card ? card.value() : null });
        var outcome = control.outcome || 'succeeded';
        return new Promise(function (resolve, reject) {
          setTimeout(function () {
            var intent = { id: clientSecret.split('_secret_')[0], client_secret: clientSecret, amount: 1000, currency: 'usd' };
            if (outcome === 'throw') return reject(new Error('Network request failed'));
            if (outcome === 'declined') return resolve({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
            if (outcome === 'declined-silent') return resolve({ error: { type: 'card_error', code: 'card_declined' } });
            intent.status = outcome;
            resolve({ paymentIntent: intent });
          }, control.delayMs || 0);
        });
      },
      _registerWrapper: function () {},
      registerAppInfo: function () {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

export interface FakeStripeOptions {
  outcome?: 'succeeded' | 'processing' | 'declined' | 'declined-silent' | 'throw';
  delayMs?: number;
  /** Hold the Stripe.js response until this promise settles (to see the "not ready" state). */
  hold?: Promise<unknown>;
}

/** Answers every request to js.stripe.com with the fake and sets how confirmCardPayment ends. */
export async function fakeStripeJs(page: Page, { outcome = 'succeeded', delayMs = 0, hold }: FakeStripeOptions = {}) {
  const requests: string[] = [];
  await page.addInitScript((control) => {
    (globalThis as unknown as { __stripeFake: unknown }).__stripeFake = control;
  }, { outcome, delayMs });
  await page.route('https://js.stripe.com/**', async (route: Route) => {
    requests.push(route.request().url());
    if (hold) await hold;
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: script });
  });
  return { requests };
}

/** What the page passed to confirmCardPayment. */
export function confirmCalls(page: Page) {
  return page.evaluate(() => (globalThis as unknown as { __stripeFake: { calls: { clientSecret: string; billing: { name: string; email: string }; card: string }[] } }).__stripeFake.calls);
}
