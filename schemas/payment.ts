import { z } from 'zod';
import {
  paymentStatuses,
  receiptStatuses,
  REFERENCE_MAX,
  refundReasons,
  refundStatuses,
} from './payment-text.ts';

/** The payment contract: the vocabulary (schemas/payment-text.ts, zod-free for the islands) and the request schemas. */
export * from './payment-text.ts';

/** The payer's reference: optional, trimmed, at most 64 characters, printable (no control characters). */
export const referenceField = z
  .string('Reference must be text')
  .trim()
  .max(REFERENCE_MAX, `Reference must be at most ${REFERENCE_MAX} characters`)

  .regex(/^[^\u0000-\u001f\u007f]*$/, 'Reference must not contain control characters')
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * POST /api/payment/create-payment-intent. `amount` is accepted for older clients but never used:
 * the server decides the amount. `attemptId` identifies one payment attempt; a retried request
 * sends the same one and gets the same intent back.
 */
export const createPaymentIntentBody = z.object({
  amount: z.unknown().optional(),
  name: z
    .string({ error: 'Full Name is required' })
    .trim()
    .min(1, 'Full Name is required')
    .max(100, 'Full Name must be at most 100 characters'),
  email: z
    .string({ error: 'Email Address is required' })
    .trim()
    .min(1, 'Email Address is required')
    .max(254, 'Email Address must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address')),
  reference: referenceField,
  attemptId: z.uuid('A payment attempt id (a UUID) is required'),
});

export const receiptParam = z.object({ id: z.string().min(1).max(100) });
export const receiptQuery = z.object({
  t: z.string('The receipt link is incomplete').min(1, 'The receipt link is incomplete').max(2000),
});
export const receiptLinkBody = z.object({
  t: z.string('The receipt link is incomplete').min(1, 'The receipt link is incomplete').max(2000),
});

/** A refund asked for in the back office: minor units, one of Stripe's reasons, a note for the record. */
export const refundRequestBody = z.object({
  amount: z
    .number('Amount must be a number of minor units (cents)')
    .int('Amount must be a whole number of minor units (cents)')
    .min(1, 'Amount must be more than zero')
    .max(100_000_000, 'Amount is too large'),
  reason: z.enum(refundReasons, `Reason must be one of: ${refundReasons.join(', ')}`),
  note: z.string('Note must be text').trim().max(500, 'Note must be at most 500 characters').optional(),
  /** One id per refund attempt: a retried request refunds once (it is Stripe's idempotency key). */
  requestId: z.uuid('A refund request id (a UUID) is required'),
});

// ---------------------------------------------------------------------------------------------
// Responses (docs/decisions/015-typed-responses.md): the routes' bodies satisfy these.
// ---------------------------------------------------------------------------------------------

/** POST /api/payment/create-payment-intent. */
export const createPaymentIntentResponse = z.object({
  clientSecret: z.string(),
  /** Our payment id: the receipt page is /payment/receipt/{paymentId}?t={receiptToken}. */
  paymentId: z.string(),
  receiptToken: z.string(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponse>;

/** GET /api/payment/config: whether card payments work here, and the publishable key if so. */
export const paymentConfigResponse = z.object({
  configured: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type PaymentConfigResponse = z.infer<typeof paymentConfigResponse>;

/** GET /api/payment/receipt/{id}?t=: what the receipt and return page show. */
export const receiptResponse = z.object({
  id: z.string(),
  /** Stripe's PaymentIntent id, the payment id Stripe's own records use. */
  intentId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  amountRefunded: z.number(),
  status: z.enum(receiptStatuses),
  statusLabel: z.string(),
  payerName: z.string(),
  reference: z.string().nullable(),
  /** When the payment was made (confirmed by Stripe), else when it was started; ISO 8601. */
  date: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  refunds: z.array(z.object({ amount: z.number(), date: z.string() })),
});
export type ReceiptResponse = z.infer<typeof receiptResponse>;

/** POST /api/payment/webhook: Stripe's event taken (`duplicate` when it had been applied before). */
export const webhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookResponse = z.infer<typeof webhookResponse>;

/** One refund as the back office shows it. */
export const refundViewSchema = z.object({
  id: z.string(),
  refundId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(refundStatuses),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  failureReason: z.string().nullable(),
  staffName: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

/** GET /api/admin/payments/{id}: one payment, its refunds and what is left to refund. */
export const adminPaymentDetailResponse = z.object({
  id: z.string(),
  intentId: z.string().nullable(),
  chargeId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  amountRefunded: z.number(),
  /** What may still be refunded now (minus refunds in flight). */
  refundable: z.number(),
  status: z.enum(paymentStatuses),
  payerName: z.string(),
  payerEmail: z.string(),
  reference: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  fee: z.number().nullable(),
  feeCurrency: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refunds: z.array(refundViewSchema),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailResponse>;

/** POST /api/admin/payments/{id}/refunds. */
export const refundResponse = z.object({
  refund: refundViewSchema,
  payment: adminPaymentDetailResponse,
  message: z.string(),
});
export type RefundResponse = z.infer<typeof refundResponse>;

/** One row of GET /api/admin/payments. */
export const paymentListRowSchema = z.object({
  id: z.string(),
  payerName: z.string(),
  payerEmail: z.string(),
  amountFormatted: z.string(),
  refundedFormatted: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.enum(paymentStatuses),
  createdAt: z.string(),
  intentId: z.string().nullable(),
});
export type PaymentListRow = z.infer<typeof paymentListRowSchema>;
