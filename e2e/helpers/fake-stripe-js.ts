import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { stripeFakeInfo } from './stripe-fake-info.ts';

/**
 * Stripe.js for browser tests (js.stripe.com is unreachable here): a small `Stripe()` with the
 * calls our pages make: elements({ mode, amount, currency } or { clientSecret }), create('payment')
 * mounting a plain card-number input, elements.submit(), confirmPayment and retrievePaymentIntent.
 *
 * How confirmPayment ends is set through `window.__stripeFake.outcome`:
 *   'api'      (default) confirms for real at "api.stripe.com", which the test routes to the fake
 *              Stripe API: the typed card number picks Stripe's test payment method (4242… pays,
 *              4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds,
 *              4000 0000 0000 5126 pays but its refunds fail), and the fake sends its webhooks;
 *   'redirect' the same, then leaves for the return_url as a redirect-based method would;
 *   'redirect-failed' leaves for the return_url with redirect_status=failed, unpaid;
 *   'succeeded' | 'processing' | 'declined' | 'declined-silent' | 'throw' answer locally.
 * Each confirm is recorded in `window.__stripeFake.calls`.
 */
export const FAKE_STRIPE_JS = String.raw`(function () {
  var control = (window.__stripeFake = window.__stripeFake || {});
  control.calls = [];
  var testCards = {
    '4242424242424242': 'pm_card_visa',
    '5555555555554444': 'pm_card_mastercard',
    '378282246310005': 'pm_card_amex',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
    '4000000000005126': 'pm_card_refundFail',
  };
  function form(params) {
    return Object.keys(params).map(function (k) { return encodeURIComponent(k) + '=' + encodeURIComponent(params[k]); }).join('&');
  }
  function Stripe(key) {
    control.key = key;
    var payment = null;
    function intentId(clientSecret) { return clientSecret.split('_secret_')[0]; }
    // Stripe.js calls the API straight from the page with the publishable key and the client secret.
    function callApi(method, path, params) {
      var body = form(Object.assign({ key: key }, params));
      var url = 'https://api.stripe.com' + path + (method === 'GET' ? '?' + body : '');
      return fetch(url, method === 'GET' ? {} : { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body })
        .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); });
    }
    function leaveFor(returnUrl, clientSecret, status) {
      var url = new URL(returnUrl);
      url.searchParams.set('payment_intent', intentId(clientSecret));
      url.searchParams.set('payment_intent_client_secret', clientSecret);
      url.searchParams.set('redirect_status', status);
      setTimeout(function () { window.location.assign(url.href); }, 0);
      return new Promise(function () {});
    }
    var elements = null;
    function makeElements(options) {
      control.elementsOptions = options;
      elements = {
        create: function (type, elementOptions) {
          control.elementType = type;
          control.elementOptions = elementOptions;
          var handlers = {};
          var input = null;
          var element = {
            mount: function (target) {
              var host = typeof target === 'string' ? document.querySelector(target) : target;
              input = document.createElement('input');
              input.setAttribute('aria-label', 'Card number');
              input.setAttribute('placeholder', '1234 1234 1234 1234');
              input.setAttribute('inputmode', 'numeric');
              input.setAttribute('data-fake-stripe', type);
              input.style.cssText = 'box-sizing:border-box;width:100%;min-height:48px;padding:0.75rem;font:inherit;border:1px solid #8796a8;border-radius:8px;background:#fff';
              if (elementOptions && elementOptions.readOnly) input.readOnly = true;
              input.addEventListener('input', function () {
                (handlers.change || []).forEach(function (h) { h({ elementType: type, empty: !input.value, complete: input.value.replace(/\D/g, '').length >= 15, value: { type: 'card' } }); });
              });
              host.appendChild(input);
              setTimeout(function () { (handlers.ready || []).forEach(function (h) { h({ elementType: type }); }); }, 50);
            },
            on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
            off: function (name, handler) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== handler; }); return element; },
            update: function (next) { control.lastUpdate = next; if (input && next && 'readOnly' in next) input.readOnly = !!next.readOnly; },
            collapse: function () { return element; },
            clear: function () { if (input) input.value = ''; },
            focus: function () { if (input) input.focus(); },
            blur: function () { if (input) input.blur(); },
            unmount: function () { if (input) input.remove(); },
            destroy: function () { if (input) input.remove(); payment = null; },
            value: function () { return input ? input.value : ''; },
          };
          payment = element;
          return element;
        },
        getElement: function () { return payment; },
        update: function (next) { control.elementsOptions = Object.assign({}, control.elementsOptions, next); },
        fetchUpdates: function () { return Promise.resolve({}); },
        // Stripe validates the element's fields first.
        submit: function () {
          var digits = payment ? payment.value().replace(/\D/g, '') : '';
          if (digits.length < 15) return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
          return Promise.resolve({});
        },
      };
      return elements;
    }
    return {
      elements: function (options) { return makeElements(options || {}); },
      confirmPayment: function (options) {
        var card = payment ? payment.value().replace(/\D/g, '') : '';
        var params = options.confirmParams || {};
        var billing = (params.payment_method_data && params.payment_method_data.billing_details) || {};
        control.calls.push({ clientSecret: options.clientSecret, returnUrl: params.return_url, redirect: options.redirect, billing: billing, card: card, usedElements: options.elements === elements });
        var outcome = control.outcome || 'api';
        var clientSecret = options.clientSecret;
        if (outcome === 'redirect-failed') return leaveFor(params.return_url, clientSecret, 'failed');
        if (outcome === 'api' || outcome === 'redirect') {
          var confirm = {
            client_secret: clientSecret,
            payment_method: testCards[card] || 'pm_card_unknown',
            return_url: params.return_url,
            'payment_method_data[billing_details][name]': billing.name || '',
            'payment_method_data[billing_details][email]': billing.email || '',
          };
          return callApi('POST', '/v1/payment_intents/' + intentId(clientSecret) + '/confirm', confirm).then(function (res) {
            if (!res.ok) return { error: res.json.error };
            if (outcome === 'redirect' || options.redirect !== 'if_required') return leaveFor(params.return_url, clientSecret, 'succeeded');
            return { paymentIntent: res.json };
          });
        }
        return new Promise(function (resolve, reject) {
          setTimeout(function () {
            var intent = { id: intentId(clientSecret), client_secret: clientSecret, amount: 1000, currency: 'usd' };
            if (outcome === 'throw') return reject(new Error('Network request failed'));
            if (outcome === 'declined') return resolve({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
            if (outcome === 'declined-silent') return resolve({ error: { type: 'card_error', code: 'card_declined' } });
            intent.status = outcome;
            resolve({ paymentIntent: intent });
          }, control.delayMs || 0);
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        control.retrieved = (control.retrieved || 0) + 1;
        return callApi('GET', '/v1/payment_intents/' + intentId(clientSecret), { client_secret: clientSecret }).then(function (res) {
          return res.ok ? { paymentIntent: res.json } : { error: res.json.error };
        });
      },
      // Not used by our pages; present because React Stripe.js checks for them to recognise a Stripe object.
      createToken: function () { return Promise.reject(new Error('not in the fake')); },
      createPaymentMethod: function () { return Promise.reject(new Error('not in the fake')); },
      confirmCardPayment: function () { return Promise.reject(new Error('not in the fake: the page uses confirmPayment')); },
      _registerWrapper: function () {},
      registerAppInfo: function () {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

export type FakeOutcome =
  | 'api'
  | 'redirect'
  | 'redirect-failed'
  | 'succeeded'
  | 'processing'
  | 'declined'
  | 'declined-silent'
  | 'throw';

export interface FakeStripeOptions {
  outcome?: FakeOutcome;
  delayMs?: number;
  /** Hold the Stripe.js response until this promise settles (to see the "not ready" state). */
  hold?: Promise<unknown>;
}

/** The fake Stripe API the Worker under test talks to (its address is written by with-fake.ts). */
export function stripeFake(): { url: string; webhookSecret: string } {
  return JSON.parse(readFileSync(stripeFakeInfo, 'utf8')) as { url: string; webhookSecret: string };
}

/**
 * Answers every request to js.stripe.com with the fake Stripe.js, sends the page's calls to
 * api.stripe.com to the fake Stripe API, and sets how confirmPayment ends.
 */
export async function fakeStripeJs(
  page: Page,
  { outcome = 'api', delayMs = 0, hold }: FakeStripeOptions = {},
) {
  const requests: string[] = [];
  const apiCalls: string[] = [];
  await page.addInitScript(
    (control) => {
      const w = globalThis as unknown as { __stripeFake?: Record<string, unknown> };
      // Kept across the redirect to the return page (a new document runs this again).
      w.__stripeFake = { ...control };
    },
    { outcome, delayMs },
  );
  await page.route('https://js.stripe.com/**', async (route: Route) => {
    requests.push(route.request().url());
    if (hold) await hold;
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS });
  });
  await page.route('https://api.stripe.com/**', async (route: Route) => {
    const url = new URL(route.request().url());
    apiCalls.push(`${route.request().method()} ${url.pathname}`);
    try {
      const response = await route.fetch({ url: `${stripeFake().url}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    } catch (error) {
      // The page went on to the return page before the fake answered (a redirect confirmation):
      // Playwright has dropped the request and its response, and nobody waits for the answer.
      if (!/has been disposed|Target page, context or browser has been closed/.test(String(error)))
        throw error;
    }
  });
  return { requests, apiCalls };
}

/** What the page passed to confirmPayment. */
export function confirmCalls(page: Page) {
  return page.evaluate(
    () =>
      (
        globalThis as unknown as {
          __stripeFake: {
            calls: {
              clientSecret: string;
              returnUrl: string;
              redirect: string;
              billing: { name: string; email: string };
              card: string;
              usedElements: boolean;
            }[];
          };
        }
      ).__stripeFake.calls,
  );
}

/** Holds the fake's webhook deliveries back (to see a return page before Stripe confirms). */
export async function delayWebhooks(ms: number) {
  await fetch(`${stripeFake().url}/_fake/settings`, {
    method: 'POST',
    body: JSON.stringify({ forwardDelayMs: ms }),
  });
}
