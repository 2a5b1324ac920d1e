import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { adminPaymentDetail, listPayments, paymentFilter, type PaymentRow } from '#db/queries/payments.ts';
import { idParam, listQuery } from '#schemas/admin/index.ts';
import {
  formatMoney,
  minorToDecimal,
  paymentStaffLabels,
  paymentStatuses,
  refundRequestBody,
  type AdminPaymentDetail,
  type PaymentListRow,
  type PaymentStatus,
  type RefundResponse,
} from '#schemas/payment.ts';
import type { FailureResponse, Wire } from '#schemas/responses.ts';
import { createStripe, receiptLinks, stripeSettings } from '#functions/services/payments/payments.ts';
import { requestRefund } from '#functions/services/payments/refunds.ts';
import { adminOnly, listResponse, searchNeedle, window } from './shared.ts';

type ListRow = Pick<
  PaymentRow,
  | 'id'
  | 'intentId'
  | 'chargeId'
  | 'amount'
  | 'currency'
  | 'amountRefunded'
  | 'fee'
  | 'feeCurrency'
  | 'reference'
  | 'payerName'
  | 'payerEmail'
  | 'status'
  | 'createdAt'
  | 'paidAt'
>;

/**
 * One payment as finance reconciles it with Stripe's payout reconciliation report: decimal amounts
 * made from integer minor units (never floats), the fee from Stripe's balance transaction, and the
 * net after refunds when the fee is in the payment's own currency.
 */
function financeRow(r: ListRow) {
  const feeInCurrency = r.fee !== null && r.feeCurrency === r.currency;
  return {
    paymentId: r.intentId,
    chargeId: r.chargeId,
    created: (r.paidAt ?? r.createdAt).toISOString(),
    currency: r.currency.toUpperCase(),
    amount: minorToDecimal(r.amount, r.currency),
    fee: r.fee === null ? null : minorToDecimal(r.fee, r.feeCurrency ?? r.currency),
    feeCurrency: r.feeCurrency?.toUpperCase() ?? null,
    refunded: minorToDecimal(r.amountRefunded, r.currency),
    net: feeInCurrency ? minorToDecimal(r.amount - r.fee! - r.amountRefunded, r.currency) : null,
    reference: r.reference,
    status: paymentStaffLabels[r.status],
    payerName: r.payerName,
    payerEmail: r.payerEmail,
    id: r.id,
  };
}

/** Payments: the list (and finance's CSV), one payment's detail, and refunds (admins only). */
export const adminPayments = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    if (query.status && !(paymentStatuses as readonly string[]).includes(query.status)) {
      throw new HTTPException(400, { message: `Status must be one of: ${paymentStatuses.join(', ')}` });
    }
    const where = paymentFilter({
      status: query.status as PaymentStatus | undefined,
      needle: query.q ? searchNeedle(query.q) : undefined,
    });
    const { items, total } = await listPayments(c.var.db, where, window(query));
    if (query.format === 'csv') {
      return listResponse(
        c,
        query,
        { items: items.map(financeRow), total },
        {
          filename: 'payments',
          columns: [
            { key: 'paymentId', header: 'Payment id' },
            { key: 'chargeId', header: 'Charge id' },
            { key: 'created', header: 'Created (UTC)' },
            { key: 'currency', header: 'Currency' },
            { key: 'amount', header: 'Amount' },
            { key: 'fee', header: 'Fee' },
            { key: 'feeCurrency', header: 'Fee currency' },
            { key: 'refunded', header: 'Refunded' },
            { key: 'net', header: 'Net' },
            { key: 'reference', header: 'Reference' },
            { key: 'status', header: 'Status' },
            { key: 'payerName', header: 'Payer' },
            { key: 'payerEmail', header: 'Email' },
            { key: 'id', header: 'Our id' },
          ],
        },
      );
    }
    const rows = items.map((r) => ({
      ...r,
      amountFormatted: formatMoney(r.amount, r.currency),
      refundedFormatted: r.amountRefunded > 0 ? formatMoney(r.amountRefunded, r.currency) : null,
    }));
    return listResponse(
      c,
      query,
      { items: rows satisfies Wire<PaymentListRow>[], total },
      { filename: 'payments', columns: [] },
    );
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const detail = await adminPaymentDetail(c.var.db, c.req.valid('param').id);
    if (!detail) throw new HTTPException(404, { message: 'Payment not found' });
    return c.json(detail satisfies AdminPaymentDetail);
  })
  .post('/:id/refunds', validate('param', idParam), validate('json', refundRequestBody), async (c) => {
    const settings = stripeSettings(c.env);
    if (!settings)
      throw new HTTPException(503, {
        message: 'Card payments are not configured on this server, so nothing can be refunded.',
      });
    const paymentId = c.req.valid('param').id;
    const body = c.req.valid('json');
    const outcome = await requestRefund(
      {
        db: c.var.db,
        stripe: createStripe(settings),
        mailer: c.var.mailer,
        receiptLink: receiptLinks(c.env),
      },
      {
        paymentId,
        amount: body.amount,
        reason: body.reason,
        note: body.note || null,
        requestId: body.requestId,
        staffId: c.var.auth.sub,
      },
    );
    switch (outcome.kind) {
      case 'not_found':
        throw new HTTPException(404, { message: 'Payment not found' });
      case 'other_payment':
        throw new HTTPException(409, {
          message: 'This refund request belongs to another payment. Please reload and try again.',
        });
      case 'not_refundable':
        if (outcome.status === 'refunded')
          return c.json(
            {
              success: false,
              message: 'Nothing is left to refund on this payment.',
              amountLeft: 0,
            } satisfies FailureResponse,
            400,
          );
        throw new HTTPException(409, {
          message: `Only a paid payment can be refunded; this one is ${paymentStaffLabels[outcome.status].toLowerCase()}.`,
        });
      case 'too_large':
        return c.json(
          {
            success: false,
            message:
              outcome.amountLeft > 0
                ? `The most that can be refunded is ${formatMoney(outcome.amountLeft, outcome.currency)}.`
                : 'Nothing is left to refund on this payment.',
            amountLeft: outcome.amountLeft,
          } satisfies FailureResponse,
          400,
        );
      case 'refused':
        throw new HTTPException(502, { message: `Stripe refused the refund: ${outcome.message}` });
      case 'unreachable':
        throw new HTTPException(502, {
          message:
            'Stripe did not answer. The amount stays set aside for this refund: press Try again to ask Stripe again (it will not refund twice).',
        });
      case 'done': {
        const payment = await adminPaymentDetail(c.var.db, paymentId);
        const refund = payment?.refunds.find((r) => r.id === outcome.refundId);
        if (!payment || !refund) throw new HTTPException(404, { message: 'Payment not found' });
        const amount = formatMoney(refund.amount, refund.currency);
        const message =
          refund.status === 'succeeded'
            ? `Refunded ${amount}.`
            : refund.status === 'failed'
              ? `The refund of ${amount} failed: ${refund.failureReason ?? 'Stripe gave no reason'}.`
              : `Refund of ${amount} sent to Stripe (${refund.status.replace(/_/g, ' ')}).`;
        return c.json({ refund, payment, message } satisfies RefundResponse, outcome.replayed ? 200 : 201);
      }
    }
  });
