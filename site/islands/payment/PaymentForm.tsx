/**
 * The card payment page (spec 1 sections 2.11, 4 and 8). The publishable key comes from
 * GET /api/payment/config; Stripe.js is fetched from js.stripe.com only once the server says card
 * payments are configured (the `pure` entry point never injects the script on import).
 */
import { useId, useState, type FormEvent } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { api, NetworkError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { PAYMENT_AMOUNT, PAYMENT_DISPLAY, paymentMessages, type CreatePaymentIntentResponse, type PaymentConfigResponse } from '../../../schemas/payment.ts';

type Message = { kind: 'success' | 'error'; text: string } | null;

/** Creates the PaymentIntent; a lost connection is retried once with the same attempt id, so it never makes a second intent. */
async function createIntent(body: { name: string; email: string; attemptId: string }) {
  const send = () => api<CreatePaymentIntentResponse>('/api/payment/create-payment-intent', { method: 'POST', body: { amount: PAYMENT_AMOUNT, ...body } });
  try {
    return await send();
  } catch (error) {
    if (error instanceof NetworkError) return send();
    throw error;
  }
}

const cardStyle = {
  base: { color: '#0b1f3a', fontSize: '16px', fontFamily: 'Inter, system-ui, sans-serif', '::placeholder': { color: '#5b6b80' } },
  invalid: { color: '#b42318', iconColor: '#b42318' },
};

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
        <span className="pay-sr-only">We accept </span>
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
        <path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
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
  onSubmit?: (event: FormEvent<HTMLFormElement>, values: { name: string; email: string }) => void;
}

/** The form itself, shared by the working page and the "not configured" page. */
function Fields({ disabled, unavailable = false, card, processing, message, onSubmit }: FieldsProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const messageId = `${id}-message`;
  return (
    <form className="pay-form" aria-describedby={message ? messageId : undefined} onSubmit={(e) => (onSubmit ? onSubmit(e, { name, email }) : e.preventDefault())}>
      <div className="pay-field">
        <label htmlFor={`${id}-name`}>Full Name</label>
        <input id={`${id}-name`} name="name" type="text" autoComplete="cc-name" required disabled={unavailable} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="pay-field">
        <label htmlFor={`${id}-email`}>Email Address</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required disabled={unavailable} maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
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
        <p id={messageId} className={`pay-message pay-message--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <button type="submit" className="pay-button" disabled={disabled}>
        {processing ? 'Processing...' : `Pay ${PAYMENT_DISPLAY}`}
      </button>
    </form>
  );
}

function CheckoutForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [paid, setPaid] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function submit(event: FormEvent<HTMLFormElement>, { name, email }: { name: string; email: string }) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    // Nothing happens until the card provider and its element are ready (spec 1 section 4).
    if (!stripe || !elements || !card || processing) return;
    setProcessing(true);
    setMessage(null);
    try {
      const { clientSecret } = await createIntent({ name: name.trim(), email: email.trim(), attemptId: crypto.randomUUID() });
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: { name: name.trim(), email: email.trim() } } });
      if (result.error) setMessage({ kind: 'error', text: result.error.message || paymentMessages.failed });
      else if (result.paymentIntent?.status === 'succeeded') {
        setPaid(true);
        setMessage({ kind: 'success', text: paymentMessages.success });
      }
    } catch {
      setMessage({ kind: 'error', text: paymentMessages.error });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <Fields
      disabled={!stripe || !elements || !cardReady || processing || paid}
      processing={processing}
      message={message}
      onSubmit={submit}
      card={<CardElement options={{ style: cardStyle, disabled: processing || paid }} onReady={() => setCardReady(true)} />}
    />
  );
}

function PaymentPage() {
  const config = useQuery({
    queryKey: ['payment', 'config'],
    queryFn: () => api<PaymentConfigResponse>('/api/payment/config'),
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
          <Fields disabled unavailable processing={false} message={null} card={<p className="pay-card__off" role="status">Loading the secure card form…</p>} />
        </div>
        <Summary />
      </div>
    );
  }
  if (!key) {
    return (
      <div className="pay-layout">
        <div>
          <Fields
            disabled
            unavailable
            processing={false}
            message={null}
            card={
              <p className="pay-card__off" role="status">
                {config.isError ? 'The payment form could not be loaded. Please refresh the page to try again.' : `${paymentMessages.notConfigured} No payment can be taken here.`}
              </p>
            }
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
        <Elements stripe={stripe.data ?? null}>
          <CheckoutForm />
        </Elements>
      </div>
      <Summary />
    </div>
  );
}

export default function PaymentIsland() {
  return (
    <QueryClientProvider client={queryClient}>
      <PaymentPage />
    </QueryClientProvider>
  );
}
