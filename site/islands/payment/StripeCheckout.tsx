/**
 * Stripe's Payment Element inside its Elements provider, for the card box of the payment page.
 * Loaded by PaymentForm.tsx only once the server says card payments are configured (beside
 * Stripe.js itself), so React Stripe.js is not part of the page's first load. It hands the page
 * the Stripe and Elements objects the submit needs.
 *
 * The element is shown before any PaymentIntent exists (Elements in `payment` mode with the fixed
 * amount): cards first as the page shows them, wallets (Apple Pay, Google Pay) where Stripe offers
 * them, and whatever else the account enables for this currency; 3-D Secure runs in Stripe's own
 * dialog when the page confirms.
 */
import { useEffect } from 'react';
import type {
  Stripe,
  StripeElements,
  StripeElementsOptions,
  StripePaymentElementOptions,
} from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { PAYMENT_AMOUNT, PAYMENT_CURRENCY } from '#schemas/payment-text.ts';

/** Elements before an intent exists: the fixed amount decides which methods (and wallet sheets) Stripe shows. */
const elementsOptions: StripeElementsOptions = {
  mode: 'payment',
  amount: PAYMENT_AMOUNT,
  currency: PAYMENT_CURRENCY,
  appearance: {
    theme: 'stripe',
    variables: {
      colorPrimary: '#0b1f3a',
      colorText: '#0b1f3a',
      colorDanger: '#b42318',
      fontFamily: 'Inter, system-ui, sans-serif',
      borderRadius: '8px',
    },
  },
};

/** Cards first, as the page shows them; name and e-mail come from the page's own fields, so the element does not ask again. */
const paymentElementOptions: StripePaymentElementOptions = {
  layout: { type: 'tabs', defaultCollapsed: false },
  paymentMethodOrder: ['card', 'apple_pay', 'google_pay'],
  wallets: { applePay: 'auto', googlePay: 'auto' },
  fields: { billingDetails: { name: 'never', email: 'never' } },
};

export interface Checkout {
  stripe: Stripe;
  elements: StripeElements;
}

interface Props {
  stripe: Stripe | null;
  readOnly: boolean;
  /** The Stripe and Elements objects, once both exist. */
  onCheckout: (checkout: Checkout) => void;
  /** The Payment Element has mounted and can take details. */
  onReady: () => void;
}

/** Reports the provider's objects up to the page (hooks only work inside Elements). */
function Bridge({ onCheckout }: Pick<Props, 'onCheckout'>) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (stripe && elements) onCheckout({ stripe, elements });
  }, [stripe, elements, onCheckout]);
  return null;
}

export default function StripeCheckout({ stripe, readOnly, onCheckout, onReady }: Props) {
  return (
    // Until Stripe.js is ready this renders nothing, and the page keeps its button disabled.
    <Elements stripe={stripe} options={elementsOptions}>
      <Bridge onCheckout={onCheckout} />
      <PaymentElement options={{ ...paymentElementOptions, readOnly }} onReady={onReady} />
    </Elements>
  );
}
