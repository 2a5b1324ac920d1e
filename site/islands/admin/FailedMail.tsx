import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  outboxStatusLabels,
  retryResultSchema,
  undeliveredMessageSchema,
  undeliveredStatuses,
  type UndeliveredMessage,
} from '#schemas/mail.ts';
import { adminApi, errorText, formatDate, type StaffProfile } from './session.ts';
import { DataTable, StatusBadge } from './DataTable.tsx';

/**
 * Failed and dead e-mail: every staff member sees that mail is failing and can send a message again
 * at once; only admins see whom it was for and its subject (it can name a person).
 */
export function FailedMail({ me }: { me: StaffProfile }) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const retry = useMutation({
    mutationFn: (id: string) =>
      adminApi(`/mail/${encodeURIComponent(id)}/retry`, { method: 'POST', schema: retryResultSchema }),
    onMutate: () => setResult(null),
    onSuccess: (data) => setResult({ ok: data.status === 'sent', text: data.message }),
    onError: (error) => setResult({ ok: false, text: errorText(error) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', '/mail'] }),
  });
  const admin = me.role === 'admin';
  return (
    <>
      <h1>Failed mail</h1>
      <p className="admin-muted">
        Messages the mail provider did not take. Failed ones are retried automatically 5 minutes, 30 minutes
        and 2 hours after the first try, then given up.
        {admin ? '' : ' Recipients and subjects are shown to admins only.'}
      </p>
      <div aria-live="polite">
        {result && (
          <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'admin-success' : 'admin-error'}>
            {result.text}
          </p>
        )}
      </div>
      <DataTable<UndeliveredMessage>
        caption="Failed and given-up messages, newest first"
        path="/mail"
        row={undeliveredMessageSchema}
        searchLabel={admin ? 'Search recipient or subject' : 'Search (admins only)'}
        rowKey={(r) => r.id}
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: undeliveredStatuses.map((s) => ({ value: s, label: outboxStatusLabels[s] })),
          },
        ]}
        columns={[
          { header: 'Written', cell: (r) => formatDate(r.createdAt) },
          { header: 'To', cell: (r) => r.to ?? <span className="admin-muted">Hidden</span> },
          {
            header: 'Subject',
            cell: (r) =>
              r.subject === null ? (
                <span className="admin-muted">Hidden</span>
              ) : (
                <span className="admin-clip">{r.subject}</span>
              ),
          },
          {
            header: 'Status',
            cell: (r) => <StatusBadge status={r.status} label={outboxStatusLabels[r.status]} />,
          },
          { header: 'Tries', cell: (r) => r.attempts },
          { header: 'Last error', cell: (r) => r.lastError ?? '—' },
          { header: 'Next try', cell: (r) => (r.nextAttemptAt ? formatDate(r.nextAttemptAt) : '—') },
          {
            header: 'Action',
            cell: (r) =>
              r.retryBlocked ? (
                <span className="admin-muted">{r.retryBlocked}</span>
              ) : (
                <button
                  type="button"
                  className="admin-button admin-button--quiet"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(r.id)}
                >
                  Retry{' '}
                  <span className="visually-hidden">
                    {r.subject ? `"${r.subject}"` : `the message of ${formatDate(r.createdAt)}`}
                  </span>
                </button>
              ),
          },
        ]}
      />
    </>
  );
}
