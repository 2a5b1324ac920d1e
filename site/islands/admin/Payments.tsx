/**
 * Back office: payments (admins only). The list with reference and refunds, finance's CSV, and a
 * payment's detail with its refunds and the refund form. Calls go through adminApi, so they follow
 * whatever transport the staff session uses.
 */
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '#site/lib/api.ts';
import {
  cardDescription,
  decimalToMinor,
  formatMoney,
  minorToDecimal,
  paymentStaffLabels,
  paymentStatuses,
  refundReasonLabels,
  refundReasons,
  refundStatusLabels,
  type RefundReason,
} from '#schemas/payment-text.ts';
import {
  adminPaymentDetailResponse,
  paymentListRowSchema,
  refundResponse,
  type AdminPaymentDetail,
  type PaymentListRow,
} from '#schemas/payment.ts';
import { adminApi, errorText, formatDate } from './session.ts';
import { AdminAlert } from './AdminAlert.tsx';
import { DataTable, StatusBadge } from './DataTable.tsx';
import { useSelectedId } from './use-selected-id.ts';
import { SelectField, TextArea, TextField } from '../common/fields.tsx';
import { adminLook } from './look.ts';
import { AdminForm } from './AdminForm.tsx';
import { DetailPanel } from './DetailPanel.tsx';

const statusFilter = {
  name: 'status' as const,
  label: 'Status',
  options: paymentStatuses.map((s) => ({ value: s, label: paymentStaffLabels[s] })),
};

export function Payments() {
  const { selected, open, close } = useSelectedId();
  return (
    <>
      <h1>Payments</h1>
      <p className="admin-muted">
        Export CSV gives finance one row per payment (payment id, created, amount, Stripe fee, refunded, net,
        reference) to match Stripe's payout report.
      </p>
      <div className="admin-split">
        <DataTable<PaymentListRow>
          caption="Payments, newest first"
          path="/payments"
          row={paymentListRowSchema}
          searchLabel="Search payer, reference or payment id"
          rowKey={(r) => r.id}
          selected={selected}
          onOpen={(r) => open(r.id)}
          filters={[statusFilter]}
          columns={[
            { header: 'Payer', cell: (r) => r.payerName },
            { header: 'Reference', cell: (r) => r.reference ?? '—' },
            {
              header: 'Amount',
              cell: (r) =>
                r.refundedFormatted
                  ? `${r.amountFormatted} (${r.refundedFormatted} refunded)`
                  : r.amountFormatted,
            },
            { header: 'Date', cell: (r) => formatDate(r.createdAt) },
            {
              header: 'Status',
              cell: (r) => <StatusBadge status={r.status} label={paymentStaffLabels[r.status]} />,
            },
          ]}
        />
        {selected && <PaymentDetail id={selected} onClose={close} />}
      </div>
    </>
  );
}

function PaymentDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ['admin', '/payments', 'detail', id],
    queryFn: () => adminApi(`/payments/${encodeURIComponent(id)}`, { schema: adminPaymentDetailResponse }),
    // A refund Stripe has not confirmed yet: look again shortly (its webhook moves it).
    refetchInterval: (query) =>
      query.state.data?.refunds.some((r) => r.status === 'pending' || r.status === 'requested')
        ? 3_000
        : false,
  });
  const p = detail.data;
  const queryClient = useQueryClient();
  // When a webhook has moved the payment (seen by the polling above), the list shows it too.
  const state = p ? `${p.status}:${p.amountRefunded}` : null;
  useEffect(() => {
    if (state)
      void queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'admin' && q.queryKey[1] === '/payments' && q.queryKey[2] !== 'detail',
      });
  }, [state, queryClient]);
  return (
    <DetailPanel title="Payment" onClose={onClose} query={detail}>
      {p && (
        <>
          <p>
            Status: <StatusBadge status={p.status} label={paymentStaffLabels[p.status]} />
          </p>
          <dl className="admin-dl">
            <div>
              <dt>Amount</dt>
              <dd>
                {formatMoney(p.amount, p.currency)} {p.currency.toUpperCase()}
              </dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd>{formatMoney(p.amountRefunded, p.currency)}</dd>
            </div>
            <div>
              <dt>Reference</dt>
              <dd>{p.reference ?? '—'}</dd>
            </div>
            <div>
              <dt>Payer</dt>
              <dd>
                {p.payerName} ({p.payerEmail})
              </dd>
            </div>
            <div>
              <dt>Card</dt>
              <dd>{cardDescription(p.cardBrand, p.cardLast4) ?? '—'}</dd>
            </div>
            <div>
              <dt>Stripe fee</dt>
              <dd>{p.fee === null ? 'Not known yet' : formatMoney(p.fee, p.feeCurrency ?? p.currency)}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDate(p.createdAt)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{formatDate(p.paidAt)}</dd>
            </div>
            <div>
              <dt>Stripe payment</dt>
              <dd className="admin-mono">{p.intentId ?? '—'}</dd>
            </div>
          </dl>
          <RefundForm payment={p} />
          <h3>Refunds</h3>
          {p.refunds.length === 0 ? (
            <p className="admin-muted">No refunds.</p>
          ) : (
            <ul className="admin-history">
              {p.refunds.map((r) => (
                <li key={r.id}>
                  <strong>{formatMoney(r.amount, r.currency)}</strong> — {refundStatusLabels[r.status]},{' '}
                  {formatDate(r.createdAt)} by {r.staffName ?? 'Stripe Dashboard'}
                  {r.reason && (
                    <div className="admin-muted">
                      {refundReasonLabels[r.reason as RefundReason] ?? r.reason}
                      {r.note ? `: “${r.note}”` : ''}
                    </div>
                  )}
                  {r.failureReason && <div className="admin-error">{r.failureReason}</div>}
                  {r.status === 'requested' && <RetryRefund paymentId={p.id} refund={r} />}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </DetailPanel>
  );
}

/** A refund Stripe did not answer: the same request again (same id, so Stripe never refunds twice). */
function RetryRefund({
  paymentId,
  refund,
}: {
  paymentId: string;
  refund: AdminPaymentDetail['refunds'][number];
}) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () =>
      adminApi(`/payments/${encodeURIComponent(paymentId)}/refunds`, {
        method: 'POST',
        body: {
          amount: refund.amount,
          reason: refund.reason ?? 'requested_by_customer',
          ...(refund.note ? { note: refund.note } : {}),
          requestId: refund.id,
        },
        schema: refundResponse,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  return (
    <div>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        disabled={retry.isPending}
        onClick={() => retry.mutate()}
      >
        Try again
      </button>
      {retry.isError && (
        <span role="alert" className="admin-error">
          {' '}
          {errorText(retry.error)}
        </span>
      )}
    </div>
  );
}

function RefundForm({ payment }: { payment: AdminPaymentDetail }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<RefundReason>('requested_by_customer');
  const [note, setNote] = useState('');
  // One id per refund attempt, kept across retries of the same attempt (Stripe's idempotency key).
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const left = formatMoney(payment.refundable, payment.currency);
  const refund = useMutation({
    mutationFn: (minor: number) =>
      adminApi(`/payments/${encodeURIComponent(payment.id)}/refunds`, {
        method: 'POST',
        body: { amount: minor, reason, ...(note.trim() ? { note: note.trim() } : {}), requestId },
        schema: refundResponse,
      }),
    onSuccess: () => {
      setAmount('');
      setNote('');
      setRequestId(crypto.randomUUID());
    },
    onError: (error) => {
      // A definite answer (400 too much, 409, Stripe refused): the next try is a new attempt.
      if (!(error instanceof ApiError && error.status === 502 && /Try again/.test(error.message)))
        setRequestId(crypto.randomUUID());
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });

  if (payment.refundable <= 0) {
    return (
      <div aria-live="polite">
        {refund.isSuccess && <p className="admin-success">{refund.data.message}</p>}
        <p className="admin-muted">
          {payment.status === 'refunded' ? 'Fully refunded.' : 'Nothing can be refunded on this payment.'}
        </p>
      </div>
    );
  }
  const all = minorToDecimal(payment.refundable, payment.currency);
  const errorId = `${id}-err`;
  return (
    <AdminForm
      noValidate
      onSubmit={() => {
        setProblem(null);
        const minor = decimalToMinor(amount, payment.currency);
        if (minor === null || minor <= 0) return setProblem('Enter an amount such as 4.00.');
        if (minor > payment.refundable) return setProblem(`The most that can be refunded is ${left}.`);
        refund.mutate(minor);
      }}
    >
      <h3>Refund</h3>
      <p className="admin-muted">Up to {left} can be refunded.</p>
      <TextField
        look={adminLook}
        id={`${id}-amount`}
        label={`Amount to refund (${payment.currency.toUpperCase()})`}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem || refund.isError ? errorId : undefined}
        onChange={(e) => setAmount(e.target.value)}
        addon={
          <button type="button" className="link-button admin-link" onClick={() => setAmount(all)}>
            Refund all that is left ({left})
          </button>
        }
      />
      <SelectField
        look={adminLook}
        id={`${id}-reason`}
        label="Reason"
        options={refundReasons.map((r) => ({ value: r, label: refundReasonLabels[r] }))}
        value={reason}
        onChange={(e) => setReason(e.target.value as RefundReason)}
      />
      <TextArea
        look={adminLook}
        id={`${id}-note`}
        label="Note for the record (optional)"
        rows={2}
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="submit" className="admin-button" disabled={refund.isPending}>
        {refund.isPending ? 'Refunding…' : 'Refund'}
      </button>
      <div aria-live="polite">
        {problem && (
          <p id={errorId} role="alert" className="admin-error">
            {problem}
          </p>
        )}
        {!problem && refund.isError && <AdminAlert error={refund.error} id={errorId} />}
        {!problem && refund.isSuccess && <p className="admin-success">{refund.data.message}</p>}
      </div>
    </AdminForm>
  );
}
