/**
 * The payer's receipt (/payment/receipt/{id}?t=…): amount, date, reference, the card's last four
 * digits and the status Stripe's webhook confirmed. It is also where Stripe returns payers who left
 * for a redirect-based method: until the webhook has spoken the status reads "Processing" and the
 * page asks again, politely (backing off, paused while the tab is hidden, giving up after a while).
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { cardDescription, formatMoney, receiptMessages } from '#schemas/payment-text.ts';
import { withQuery } from '../common/with-query.tsx';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const paymentContract = () => (import.meta.env.DEV ? import('#schemas/payment.ts') : notInProduction());
const responsesContract = () => (import.meta.env.DEV ? import('#schemas/responses.ts') : notInProduction());
// Types only: the payment pages ship no zod (docs/decisions/015-typed-responses.md).

/** How long the page keeps asking while a payment is processing (then it says it will e-mail). */
const POLL_FOR_MS = 10 * 60_000;
/** 2 s, then a little longer each time, never more often than every 30 s at the end. */
const pollDelay = (attempt: number) => Math.min(30_000, Math.round(2_000 * 1.5 ** attempt));

const dateText = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** What the link says: the payment id from the path, the token, and Stripe's return parameters if any. */
function readLink() {
  const id = decodeURIComponent(location.pathname.replace(/^\/payment\/receipt\/?/, '').replace(/\/$/, ''));
  const params = new URLSearchParams(location.search);
  return {
    id: id && !id.includes('/') ? id : '',
    token: params.get('t') ?? '',
    clientSecret: params.get('payment_intent_client_secret'),
    redirectStatus: params.get('redirect_status'),
  };
}

/** Stripe's reason a redirect-based payment did not go through (Stripe.js, loaded only on this path). */
async function stripeReason(clientSecret: string) {
  const config = await api('/api/payment/config', {
    schema: schemaFrom(paymentContract, 'paymentConfigResponse'),
  });
  if (!config.publishableKey) return null;
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(config.publishableKey);
  const result = await stripe?.retrievePaymentIntent(clientSecret);
  return result?.paymentIntent?.last_payment_error?.message ?? result?.error?.message ?? null;
}

function ExpiredLink({ id, token }: { id: string; token: string }) {
  const resend = useMutation({
    mutationFn: () =>
      api(`/api/payment/receipt/${encodeURIComponent(id)}/link`, {
        schema: schemaFrom(responsesContract, 'messageResponse'),
        method: 'POST',
        body: { t: token },
      }),
  });
  return (
    <div className="receipt__problem">
      <p role="alert">{receiptMessages.expired}</p>
      <p>We can e-mail a new link to the address used for this payment.</p>
      <button
        type="button"
        className="ink-button receipt-button"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? 'Sending…' : 'E-mail me a new link'}
      </button>
      <div aria-live="polite">
        {resend.isSuccess && <p className="receipt__ok">{resend.data.message}</p>}
        {resend.isError && <p className="receipt__error">{resend.error.message}</p>}
      </div>
    </div>
  );
}

function Receipt() {
  const [link] = useState(readLink);
  const [startedAt] = useState(() => Date.now());
  const [failureReason, setFailureReason] = useState<string | null>(null);
  const valid = Boolean(link.id && link.token);

  const receipt = useQuery({
    queryKey: ['payment', 'receipt', link.id, link.token],
    queryFn: () =>
      api(`/api/payment/receipt/${encodeURIComponent(link.id)}?t=${encodeURIComponent(link.token)}`, {
        schema: schemaFrom(paymentContract, 'receiptResponse'),
      }),
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    // Processing: ask again, less often each time; TanStack pauses while the tab is hidden.
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' &&
      link.redirectStatus !== 'failed' &&
      Date.now() - startedAt < POLL_FOR_MS
        ? pollDelay(query.state.dataUpdateCount)
        : false,
  });

  useEffect(() => {
    // Back from a redirect-based method: keep only our link in the address bar (no client secret
    // in bookmarks or printouts), and ask Stripe why it failed if it did.
    if (!link.clientSecret) return;
    history.replaceState(null, '', `${location.pathname}?t=${encodeURIComponent(link.token)}`);
    if (link.redirectStatus && link.redirectStatus !== 'succeeded') {
      stripeReason(link.clientSecret).then(setFailureReason, () => setFailureReason(null));
    }
  }, [link]);

  if (!valid) return <InvalidLink />;
  if (receipt.isPending)
    return (
      <p className="receipt__loading" role="status">
        Loading your receipt…
      </p>
    );
  if (receipt.isError) {
    const error = receipt.error;
    if (error instanceof ApiError && error.status === 410)
      return <ExpiredLink id={link.id} token={link.token} />;
    if (error instanceof ApiError && error.status === 404) return <InvalidLink />;
    return (
      <div className="receipt__problem">
        <p role="alert">Your receipt could not be loaded just now.</p>
        <button type="button" className="ink-button receipt-button" onClick={() => void receipt.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const r = receipt.data;
  const failed = r.status === 'failed' || (r.status === 'processing' && link.redirectStatus === 'failed');
  const stillProcessing = r.status === 'processing' && !failed;
  const gaveUp = stillProcessing && Date.now() - startedAt >= POLL_FOR_MS;
  const card = cardDescription(r.cardBrand, r.cardLast4);
  return (
    <>
      <p
        className={`receipt__status receipt__status--${failed ? 'failed' : r.status}`}
        role="status"
        aria-live="polite"
      >
        {failed ? 'Not completed' : r.statusLabel}
      </p>
      {stillProcessing && !gaveUp && (
        <p className="receipt__note">
          We are waiting for the payment provider to confirm your payment. This page updates by itself.
        </p>
      )}
      {gaveUp && (
        <p className="receipt__note">
          This is taking longer than usual. We will e-mail your receipt as soon as the payment is confirmed.
        </p>
      )}
      {failed && (
        <div className="receipt__problem">
          <p>
            Your payment did not go through{failureReason ? `: ${failureReason}` : '.'} Nothing was charged.
          </p>
          <p>
            <a href="/payment">Try again</a>
          </p>
        </div>
      )}
      <dl className="receipt__facts">
        <div>
          <dt>Amount</dt>
          <dd className="receipt__amount">
            {formatMoney(r.amount, r.currency)}{' '}
            <span className="receipt__currency">{r.currency.toUpperCase()}</span>
          </dd>
        </div>
        {r.amountRefunded > 0 && (
          <div>
            <dt>Refunded</dt>
            <dd>
              {formatMoney(r.amountRefunded, r.currency)}
              <ul className="receipt__refunds">
                {r.refunds.map((refund, i) => (
                  <li key={i}>
                    {formatMoney(refund.amount, r.currency)} on {dateText(refund.date)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt>Date</dt>
          <dd>{dateText(r.date)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{r.reference ?? '—'}</dd>
        </div>
        <div>
          <dt>Card</dt>
          <dd>{card ?? '—'}</dd>
        </div>
        <div>
          <dt>Paid by</dt>
          <dd>{r.payerName}</dd>
        </div>
        <div>
          <dt>Payment ID</dt>
          <dd className="receipt__id">{r.intentId ?? r.id}</dd>
        </div>
      </dl>
      <div className="receipt__actions">
        <button type="button" className="ink-button receipt-button" onClick={() => print()}>
          Print receipt
        </button>
        <a href="/" className="standalone-link">
          Back to the home page
        </a>
      </div>
    </>
  );
}

export default withQuery(Receipt);

/** A receipt link that is not one of ours (malformed, or no such payment): the way back to pay. */
function InvalidLink() {
  return (
    <div className="receipt__problem">
      <p role="alert">{receiptMessages.invalid}</p>
      <p>
        <a href="/payment" className="standalone-link">
          Go to the payment page
        </a>
      </p>
    </div>
  );
}
