import { z } from 'zod';

/** The payment page charges one fixed amount (spec 1 section 9): 1000 minor units of USD, $10.00. */
export const PAYMENT_AMOUNT = 1000;
export const PAYMENT_CURRENCY = 'usd';
export const PAYMENT_DISPLAY = '$10.00';

/** Messages of the payment page (spec 1 section 8), shared by the island and the tests. */
export const paymentMessages = {
  success: 'Payment successful! Thank you for your purchase.',
  failed: 'Payment failed. Please try again.',
  error: 'An error occurred. Please try again.',
  notConfigured: 'Card payments are not configured on this server.',
} as const;

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
  attemptId: z.uuid('A payment attempt id (a UUID) is required'),
});
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentBody>;

export interface CreatePaymentIntentResponse {
  clientSecret: string;
}

/** GET /api/payment/config: whether card payments work here, and the publishable key if so. */
export interface PaymentConfigResponse {
  configured: boolean;
  publishableKey: string | null;
}
