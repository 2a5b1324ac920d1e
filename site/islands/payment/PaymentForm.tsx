/**
 * The card payment page (spec 1 sections 2.11, 4 and 8) on Stripe's Payment Element. The
 * publishable key comes from GET /api/payment/config; Stripe.js is fetched from js.stripe.com, and
 * the card box's code (StripeCheckout.tsx, with React Stripe.js) from our origin, only once the
 * server says card payments are configured (the `pure` entry point never injects the script on
 * import), so neither is in the page's first load.
 *
 * On Pay the element validates its fields, the server creates the PaymentIntent with the payer's
 * name, e-mail and reference, and `confirmPayment` completes it: 3-D Secure in Stripe's own dialog,
 * wallets (Apple Pay, Google Pay) in their sheets, and redirect-based methods coming back to the
 * receipt page, which is also where the payer can follow and print the payment.
 */
import { lazy, Suspense, useCallback, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { loadStripe } from '@stripe/stripe-js/pure';
import { api, NetworkError, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { withQuery } from '../common/with-query.tsx';
import { telHref } from '#site/lib/format.ts';
import { TextField, type FieldLook } from '../common/fields.tsx';
import {
  PAYMENT_AMOUNT,
  PAYMENT_DISPLAY,
  paymentMessages,
  receiptPath,
  REFERENCE_MAX,
} from '#schemas/payment-text.ts';
// Types only: the payment page ships no zod (docs/decisions/015-typed-responses.md), so it names
// the types inferred from the response schemas the routes satisfy instead of passing the schemas.
import type { Checkout } from './StripeCheckout.tsx';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const paymentContract = () => (import.meta.env.DEV ? import('#schemas/payment.ts') : notInProduction());
/** The payment page's field classes (it has no per-field errors: the card element reports its own). */
const look: FieldLook = { field: 'pay-field', hint: 'pay-hint', error: 'pay-error' };

const StripeCheckout = lazy(() => import('./StripeCheckout.tsx'));

type Message = { kind: 'success' | 'error'; text: string } | null;

interface Payer {
  name: string;
  email: string;
  reference: string;
}

/** Creates the PaymentIntent; a lost connection is retried once with the same attempt id, so it never makes a second intent. */
async function createIntent(body: { name: string; email: string; reference?: string; attemptId: string }) {
  const send = () =>
    api('/api/payment/create-payment-intent', {
      method: 'POST',
      schema: schemaFrom(paymentContract, 'createPaymentIntentResponse'),
      body: { amount: PAYMENT_AMOUNT, ...body },
    });
  try {
    return await send();
  } catch (error) {
    if (error instanceof NetworkError) return send();
    throw error;
  }
}

function Summary() {
  return (
    <aside className="pay-summary" aria-labelledby="pay-summary-title">
      <h2 id="pay-summary-title">Order summary</h2>
      <dl>
        <div>
          <dt>Subtotal</dt>
          <dd>{PAYMENT_DISPLAY}</dd>
        </div>
        <div className="pay-summary__total">
          <dt>Total</dt>
          <dd>{PAYMENT_DISPLAY}</dd>
        </div>
      </dl>
      <p className="pay-brands">
        <span className="visually-hidden">We accept </span>
        <span className="pay-brand">Visa</span>
        <span className="pay-brand">Mastercard</span>
        <span className="pay-brand">American Express</span>
      </p>
    </aside>
  );
}

function SecureNote() {
  return (
    <p className="pay-secure">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path
          fill="currentColor"
          d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
        />
      </svg>
      Your payment information is secure and encrypted.
    </p>
  );
}

interface FieldsProps {
  disabled: boolean;
  /** No payment can be taken here at all (not configured): the inputs are off too. */
  unavailable?: boolean;
  card: React.ReactNode;
  processing: boolean;
  message: Message;
  /** Where the payer can follow (and print) this payment, once it has been sent. */
  receipt?: string | null;
  onSubmit?: (event: FormEvent<HTMLFormElement>, values: Payer) => void;
}

/** The form itself, shared by the working page and the "not configured" page. */
function Fields({
  disabled,
  unavailable = false,
  card,
  processing,
  message,
  receipt = null,
  onSubmit,
}: FieldsProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [reference, setReference] = useState('');
  const messageId = `${id}-message`;
  return (
    <form
      className="pay-form"
      aria-describedby={message ? messageId : undefined}
      onSubmit={(e) => (onSubmit ? onSubmit(e, { name, email, reference }) : e.preventDefault())}
    >
      <TextField
        look={look}
        id={`${id}-name`}
        name="name"
        label="Full Name"
        type="text"
        autoComplete="name"
        required
        disabled={unavailable}
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        look={look}
        id={`${id}-email`}
        name="email"
        label="Email Address"
        type="email"
        autoComplete="email"
        required
        disabled={unavailable}
        maxLength={254}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        look={look}
        id={`${id}-reference`}
        name="reference"
        label={
          <>
            Reference <span className="pay-optional">(optional)</span>
          </>
        }
        type="text"
        autoComplete="off"
        disabled={unavailable}
        maxLength={REFERENCE_MAX}
        hint="An invoice or student number, if you are paying against one. It appears on your receipt."
        value={reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <div className="pay-field">
        <span className="pay-label" id={`${id}-card`}>
          Card details
        </span>
        <div className="pay-card" role="group" aria-labelledby={`${id}-card`}>
          {card}
        </div>
      </div>
      <SecureNote />
      {message && (
        <p
          id={messageId}
          className={`pay-message pay-message--${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {receipt && (
        <p className="pay-receipt-link">
          <a href={receipt} className="standalone-link">
            View and print your receipt
          </a>
        </p>
      )}
      <button type="submit" className="ink-button pay-button" disabled={disabled}>
        {processing ? 'Processing...' : `Pay ${PAYMENT_DISPLAY}`}
      </button>
    </form>
  );
}

const loadingCard = (
  <p className="pay-card__off" role="status">
    Loading the secure card form…
  </p>
);

/** The working form: Stripe's element in the card box, and the submit that creates and confirms the payment. */
function CheckoutForm({ stripe }: { stripe: Awaited<ReturnType<typeof loadStripe>> | undefined }) {
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [paid, setPaid] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [receipt, setReceipt] = useState<string | null>(null);
  const onReady = useCallback(() => setElementReady(true), []);

  async function submit(event: FormEvent<HTMLFormElement>, payer: Payer) {
    event.preventDefault();
    // Nothing happens until the payment provider and its element are ready (spec 1 section 4).
    if (!checkout || !elementReady || processing) return;
    const { stripe: provider, elements } = checkout;
    setProcessing(true);
    setMessage(null);
    try {
      // The element checks its own fields first (and opens a wallet's sheet inside this click).
      const checked = await elements.submit();
      if (checked.error) {
        setMessage({ kind: 'error', text: checked.error.message || paymentMessages.failed });
        return;
      }
      const name = payer.name.trim();
      const email = payer.email.trim();
      const reference = payer.reference.trim();
      const created = await createIntent({
        name,
        email,
        ...(reference ? { reference } : {}),
        attemptId: crypto.randomUUID(),
      });
      const returnTo = receiptPath(created.paymentId, created.receiptToken);
      const result = await provider.confirmPayment({
        elements,
        clientSecret: created.clientSecret,
        confirmParams: {
          return_url: new URL(returnTo, location.origin).href,
          payment_method_data: { billing_details: { name, email } },
        },
        // Cards and wallets finish here; only redirect-based methods leave for the return page.
        redirect: 'if_required',
      });
      if (result.error) setMessage({ kind: 'error', text: result.error.message || paymentMessages.failed });
      else {
        setReceipt(returnTo);
        if (result.paymentIntent.status === 'succeeded') {
          setPaid(true);
          setMessage({ kind: 'success', text: paymentMessages.success });
        }
      }
    } catch {
      setMessage({ kind: 'error', text: paymentMessages.error });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <Fields
      disabled={!checkout || !elementReady || processing || paid}
      processing={processing}
      message={message}
      receipt={receipt}
      onSubmit={submit}
      card={
        // The form stays mounted while the element's code arrives: what the payer typed stays put.
        <Suspense fallback={loadingCard}>
          <StripeCheckout
            stripe={stripe ?? null}
            readOnly={processing || paid}
            onCheckout={setCheckout}
            onReady={onReady}
          />
        </Suspense>
      }
    />
  );
}

/** How to reach the office when cards cannot be taken (the site block's contacts). */
export interface OfficeContact {
  phone: string;
  email: string;
}

function PaymentPage({ contact }: { contact: OfficeContact }) {
  const config = useQuery({
    queryKey: ['payment', 'config'],
    queryFn: () =>
      api('/api/payment/config', { schema: schemaFrom(paymentContract, 'paymentConfigResponse') }),
    staleTime: Infinity,
  });
  const key = config.data?.configured ? config.data.publishableKey : null;
  // One Stripe instance per key for the page's life; loadStripe retries a failed script load itself.
  const stripe = useQuery({
    queryKey: ['payment', 'stripe', key],
    queryFn: () => loadStripe(key!),
    enabled: key !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  // Every state renders the same form in the same place, so nothing moves when the answer arrives
  // (layout shift): only the card box's content changes.
  if (config.isPending) {
    return (
      <div className="pay-layout">
        <div>
          <Fields disabled unavailable processing={false} message={null} card={loadingCard} />
        </div>
        <Summary />
      </div>
    );
  }
  if (!key) {
    // Without card payments the notice comes first: the payer reads why the fields below are off
    // (and how to pay instead) before reaching them. The form moves down once, by the notice's
    // height, in this state only; the card box keeps its size.
    return (
      <div className="pay-layout">
        <div>
          <div className="pay-notice pay-notice--off" role="status" data-testid="payment-unavailable">
            {config.isError ? (
              <p>The payment form could not be loaded. Please refresh the page to try again.</p>
            ) : (
              <>
                <p>{paymentMessages.unavailable}</p>
                <ul>
                  <li>
                    Phone: <a href={telHref(contact.phone) ?? undefined}>{contact.phone}</a>
                  </li>
                  <li>
                    E-mail: <a href={`mailto:${contact.email}`}>{contact.email}</a>
                  </li>
                  <li>
                    Or <a href="/contactform">visit one of our offices</a>
                  </li>
                </ul>
              </>
            )}
          </div>
          <Fields
            disabled
            unavailable
            processing={false}
            message={null}
            card={<p className="pay-card__off">Card details cannot be entered at the moment.</p>}
          />
        </div>
        <Summary />
      </div>
    );
  }
  return (
    <div className="pay-layout">
      <div>
        {stripe.isError && (
          <p className="pay-notice" role="alert">
            The secure card form could not be loaded. Please check your connection and refresh the page.
          </p>
        )}
        {/* Until Stripe.js is ready the form shows with its button disabled. */}
        <CheckoutForm stripe={stripe.data} />
      </div>
      <Summary />
    </div>
  );
}

export default withQuery(PaymentPage);
