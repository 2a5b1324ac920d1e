import { z } from 'zod';
import { REFERENCE_MAX, refundReasons } from './payment-text.ts';

/** The payment contract: the vocabulary (schemas/payment-text.ts, zod-free for the islands) and the request schemas. */
export * from './payment-text.ts';

/** The payer's reference: optional, trimmed, at most 64 characters, printable (no control characters). */
export const referenceField = z
  .string('Reference must be text')
  .trim()
  .max(REFERENCE_MAX, `Reference must be at most ${REFERENCE_MAX} characters`)
  // eslint-disable-next-line no-control-regex
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
  name: z.string({ error: 'Full Name is required' }).trim().min(1, 'Full Name is required').max(100, 'Full Name must be at most 100 characters'),
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
export const receiptQuery = z.object({ t: z.string('The receipt link is incomplete').min(1, 'The receipt link is incomplete').max(2000) });
export const receiptLinkBody = z.object({ t: z.string('The receipt link is incomplete').min(1, 'The receipt link is incomplete').max(2000) });

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
