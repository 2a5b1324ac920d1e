/**
 * The payment vocabulary without zod (islands import this; schemas/payment.ts adds the request
 * contracts): the fixed amount, the page's messages, statuses with their staff and payer labels,
 * exact money helpers, and the response shapes.
 */

/** The payment page charges one fixed amount (spec 1 section 9): 1000 minor units of USD, $10.00. */
export const PAYMENT_AMOUNT = 1000;
export const PAYMENT_CURRENCY = 'usd';
export const PAYMENT_DISPLAY = '$10.00';

/** The longest payment reference (an invoice or student number) a payer can give. */
export const REFERENCE_MAX = 64;

/** Messages of the payment page (spec 1 section 8), shared by the island and the tests. */
export const paymentMessages = {
  success: 'Payment successful! Thank you for your purchase.',
  failed: 'Payment failed. Please try again.',
  error: 'An error occurred. Please try again.',
  notConfigured: 'Card payments are not configured on this server.',
  /** What the page says when it cannot take cards (no developer words), before the contacts. */
  unavailable: 'Card payments are unavailable at the moment. To pay another way, contact our office:',
} as const;

// ---------------------------------------------------------------------------------------------
// Statuses: one list, one label for staff and one for the payer (different on purpose).
// ---------------------------------------------------------------------------------------------

/**
 * A payment's status. The first four are Stripe's PaymentIntent statuses as its webhook reports
 * them; the refund statuses are ours, derived from the amounts Stripe confirms refunded.
 */
export const paymentStatuses = [
  'requires_payment_method',
  'processing',
  'succeeded',
  'canceled',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What staff read in the back office. */
export const paymentStaffLabels: Record<PaymentStatus, string> = {
  requires_payment_method: 'Awaiting payment',
  processing: 'Processing',
  succeeded: 'Succeeded',
  canceled: 'Canceled',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/** Paid payments: the only ones that can be refunded (again). */
export const refundableStatuses = [
  'succeeded',
  'partially_refunded',
] as const satisfies readonly PaymentStatus[];
/** Statuses a PaymentIntent event never moves a payment out of. */
export const settledStatuses = [
  'succeeded',
  'canceled',
  'partially_refunded',
  'refunded',
] as const satisfies readonly PaymentStatus[];

/**
 * What the payer sees on the receipt and return page. "processing" until Stripe's webhook has
 * confirmed the payment; "failed" once Stripe said the attempt did not go through.
 */
export const receiptStatuses = [
  'processing',
  'paid',
  'failed',
  'canceled',
  'partially_refunded',
  'refunded',
] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number];
export const receiptStatusLabels: Record<ReceiptStatus, string> = {
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Not completed',
  canceled: 'Canceled',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};
/** The payer-facing status of a payment row (`confirmed`: a webhook has spoken about it). */
export function receiptStatus(status: PaymentStatus, confirmed: boolean): ReceiptStatus {
  switch (status) {
    case 'succeeded':
      return 'paid';
    case 'requires_payment_method':
      return confirmed ? 'failed' : 'processing';
    default:
      return status;
  }
}

/**
 * A refund's status: ours before Stripe answers (`requested`: the amount is reserved;
 * `refused`: Stripe said no and the amount was released), then Stripe's own.
 */
export const refundStatuses = [
  'requested',
  'refused',
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type RefundStatus = (typeof refundStatuses)[number];
export const refundStatusLabels: Record<RefundStatus, string> = {
  requested: 'Sent to Stripe',
  refused: 'Refused by Stripe',
  pending: 'Pending',
  requires_action: 'Needs action in Stripe',
  succeeded: 'Refunded',
  failed: 'Failed',
  canceled: 'Canceled',
};
/** Refunds whose amount is held against the payment (in flight or done). */
export const activeRefundStatuses = [
  'requested',
  'pending',
  'requires_action',
  'succeeded',
] as const satisfies readonly RefundStatus[];

/** Stripe's refund reasons (the Refunds API `reason`), with the words staff pick from. */
export const refundReasons = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;
export type RefundReason = (typeof refundReasons)[number];
export const refundReasonLabels: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by the payer',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
};

// ---------------------------------------------------------------------------------------------
// Money: integer minor units everywhere; these turn them into text and back, exactly.
// ---------------------------------------------------------------------------------------------

/** Stripe's zero-decimal and three-decimal currencies; every other currency has two decimals. */
const zeroDecimal = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const threeDecimal = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);
export const currencyExponent = (currency: string) =>
  zeroDecimal.has(currency.toLowerCase()) ? 0 : threeDecimal.has(currency.toLowerCase()) ? 3 : 2;

/** "10.00" for 1000 minor units of USD, "-0.59" for -59: integer arithmetic, never a float. */
export function minorToDecimal(minor: number, currency: string) {
  const exp = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  if (exp === 0) return `${sign}${abs}`;
  const scale = 10 ** exp;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(exp, '0')}`;
}

/** "$10.00" for 1000 minor units of USD (the currency's own symbol and decimals). */
export function formatMoney(minor: number, currency: string) {
  const exp = currencyExponent(currency);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: exp,
    maximumFractionDigits: exp,
  }).format(Number(minorToDecimal(minor, currency)));
}

/** Minor units from what a person typed ("4", "4.5", "4.50", "$4.50"), or null if it is not an amount. */
export function decimalToMinor(text: string, currency: string): number | null {
  const exp = currencyExponent(currency);
  const match = /^\s*[$£€]?\s*(\d{1,9})(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > exp) return null;
  return Number(match[1]) * 10 ** exp + Number(fraction.padEnd(exp, '0') || '0');
}

const cardBrands: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};
/** "Visa ending 4242" (Stripe's brand codes in words), or null when Stripe did not say. */
export function cardDescription(brand: string | null, last4: string | null) {
  if (!last4) return null;
  const name = brand ? (cardBrands[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card';
  return `${name} ending ${last4}`;
}

// The response schemas (zod) are in schemas/payment.ts, with the request contracts.

/** The payer's receipt page address (also the `return_url` Stripe sends redirected payers back to). */
export const receiptPath = (paymentId: string, token: string) =>
  `/payment/receipt/${encodeURIComponent(paymentId)}?t=${encodeURIComponent(token)}`;

export const receiptMessages = {
  invalid: 'This receipt link is not valid. Please use the link in your receipt e-mail.',
  expired: 'This receipt link has expired.',
  resent: 'We have e-mailed a new link to the address used for this payment.',
} as const;
