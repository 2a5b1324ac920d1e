import { cardDescription, formatMoney } from '#schemas/payment.ts';
import { emailDateTime, notificationEmail, type EmailBrand } from '../mail/emails.ts';
import { RECEIPT_LINK_DAYS } from './receipt-links.ts';

/** What every payment e-mail says about the payment. */
interface PaymentFacts {
  payerName: string;
  payerEmail: string;
  amount: number;
  currency: string;
  intentId: string | null;
  reference: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

const cardLine = (p: { cardBrand: string | null; cardLast4: string | null }) =>
  cardDescription(p.cardBrand, p.cardLast4);

const linkLine = (link: string) =>
  `View or print your receipt (this link works for ${RECEIPT_LINK_DAYS} days): ${link}`;

/** The one receipt a payer gets (Stripe's own receipt e-mail is not used). */
export function receiptEmail(brand: EmailBrand, p: PaymentFacts, paidAt: Date, link: string) {
  const amount = formatMoney(p.amount, p.currency);
  const card = cardLine(p);
  return notificationEmail(brand, p.payerEmail, `Your payment receipt: ${amount}`, [
    `Hello ${p.payerName}, thank you for your payment.`,
    `Amount paid: ${amount} (${p.currency.toUpperCase()})`,
    `Date: ${emailDateTime(paidAt)}`,
    ...(p.reference ? [`Your reference: ${p.reference}`] : []),
    ...(card ? [`Paid with: ${card}`] : []),
    `Payment ID: ${p.intentId ?? '—'}`,
    linkLine(link),
    'Keep this e-mail as your receipt. If you did not make this payment, please reply to this e-mail.',
  ]);
}

/** A refund Stripe has confirmed. */
export function refundEmail(
  brand: EmailBrand,
  p: PaymentFacts & { amountRefunded: number },
  refunded: number,
  link: string,
) {
  const amount = formatMoney(refunded, p.currency);
  const total = formatMoney(p.amount, p.currency);
  const card = cardLine(p);
  return notificationEmail(brand, p.payerEmail, `Your refund: ${amount}`, [
    `Hello ${p.payerName}, we have refunded ${amount} of your ${total} payment.`,
    ...(p.reference ? [`Your reference: ${p.reference}`] : []),
    `Payment ID: ${p.intentId ?? '—'}`,
    `Refunded so far: ${formatMoney(p.amountRefunded, p.currency)} of ${total}.`,
    card
      ? `The money goes back to your ${card}; refunds usually arrive within 5 to 10 business days.`
      : 'Refunds usually arrive within 5 to 10 business days.',
    linkLine(link),
  ]);
}

/** A fresh receipt link, asked for from an expired one. */
export function receiptLinkEmail(brand: EmailBrand, p: PaymentFacts, link: string) {
  return notificationEmail(
    brand,
    p.payerEmail,
    `Your receipt link: ${formatMoney(p.amount, p.currency)} payment`,
    [
      `Hello ${p.payerName}, here is a new link to the receipt of your ${formatMoney(p.amount, p.currency)} payment.`,
      linkLine(link),
      'If you did not ask for it, you can ignore this e-mail.',
    ],
  );
}
