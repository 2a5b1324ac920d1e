import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, errorText, formatDate } from '../session.ts';
import { AdminAlert } from '../AdminAlert.tsx';
import { scalarText } from '#site/lib/format.ts';
import { DataTable, StatusBadge } from '../DataTable.tsx';
import { useSelectedId } from '../use-selected-id.ts';
import { statusFilter } from '../Pipeline.tsx';
import { TextArea, TextField } from '#site/islands/common/fields.tsx';
import { adminLook } from '../look.ts';
import { AdminForm } from '../AdminForm.tsx';
import { DetailPanel } from '../DetailPanel.tsx';
import {
  inboxStatusLabels,
  inboxStatuses,
  inboxDetailResponse,
  inboxRowSchema,
  inboxStatusResponse,
  type InboxRow,
} from '#schemas/admin/index.ts';
import { messageResponse } from '#schemas/responses.ts';
import { text } from './text.ts';

/** An inbox item's status as staff read it. */
const inboxLabel = (s: string) => (inboxStatusLabels as Record<string, string>)[s] ?? s;

const kindLabels: Record<string, string> = {
  home: 'Contact form (home)',
  landing: 'Contact form (landing)',
  assistance: 'Employer assistance',
};

export function Inbox() {
  const { selected, open, close } = useSelectedId();
  return (
    <>
      <h1>Inbox</h1>
      <div className="admin-split">
        <DataTable<InboxRow>
          caption="Messages, newest first"
          path="/inbox"
          row={inboxRowSchema}
          searchLabel="Search name, e-mail or message"
          rowKey={(r) => `${r.source}/${r.id}`}
          selected={selected}
          onOpen={(r) => open(`${r.source}/${r.id}`)}
          filters={[
            statusFilter(inboxStatuses, inboxLabel),
            {
              name: 'type',
              label: 'Source',
              options: [
                { value: 'contact', label: 'Contact forms' },
                { value: 'assistance', label: 'Employer assistance' },
              ],
            },
          ]}
          columns={[
            { header: 'From', cell: (r) => (r.status === 'unread' ? <strong>{r.name}</strong> : r.name) },
            {
              header: 'Message',
              cell: (r) => (
                <span className="admin-clip">
                  {r.subject ? `${r.subject}: ` : ''}
                  {r.message}
                </span>
              ),
            },
            { header: 'Form', cell: (r) => kindLabels[r.kind] ?? r.kind },
            { header: 'Received', cell: (r) => formatDate(r.createdAt) },
            { header: 'Status', cell: (r) => <StatusBadge status={r.status} label={inboxLabel(r.status)} /> },
          ]}
        />
        {selected && <InboxItem key={selected} id={selected} onClose={close} />}
      </div>
    </>
  );
}

function InboxItem({ id, onClose }: { id: string; onClose: () => void }) {
  const fid = useId();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['admin', 'inbox', 'detail', id],
    queryFn: () => adminApi(`/inbox/${id}`, { schema: inboxDetailResponse }),
  });
  const [subject, setSubject] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const defaultSubject = `Re: ${scalarText(q.data?.item.subject ?? 'your message')}`;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
  const setStatus = useMutation({
    mutationFn: (status: string) =>
      adminApi(`/inbox/${id}`, { method: 'PATCH', body: { status }, schema: inboxStatusResponse }),
    onSuccess: refresh,
  });
  const reply = useMutation({
    mutationFn: () =>
      adminApi(`/inbox/${id}/reply`, {
        method: 'POST',
        body: { subject: subject ?? defaultSubject, message },
        schema: messageResponse,
      }),
    onSuccess: () => {
      setMessage('');
      refresh();
    },
  });
  const item = q.data?.item;
  const fields: [string, unknown][] = item
    ? ([
        ['Name', item.fullName ?? item.contactName],
        ['Company', item.companyName],
        ['E-mail', item.email],
        ['Phone', item.phone ?? item.phoneNumber],
        ['Subject', item.subject],
        ['Country', item.country],
        ['Postcode', item.postcode],
        ['Categories', Array.isArray(item.category) ? item.category.join(', ') : undefined],
        ['Received', formatDate(item.createdAt as string)],
      ].filter(([, v]) => v !== undefined && v !== null && v !== '') as [string, unknown][])
    : [];
  return (
    <DetailPanel title="Message" onClose={onClose} query={q}>
      {item && (
        <>
          <p>
            Status: <StatusBadge status={item.status} label={inboxLabel(item.status)} />
          </p>
          <dl className="admin-dl">
            {fields.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{text(v)}</dd>
              </div>
            ))}
          </dl>
          <blockquote className="admin-message">{String(item.message)}</blockquote>
          <div className="admin-actions">
            {item.status !== 'handled' && (
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={() => setStatus.mutate('handled')}
              >
                Mark handled
              </button>
            )}
            {item.status !== 'unread' && (
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={() => setStatus.mutate('unread')}
              >
                Mark unread
              </button>
            )}
          </div>
          {setStatus.isError && <AdminAlert error={setStatus.error} />}
          <AdminForm onSubmit={() => reply.mutate()}>
            <h3>Reply by e-mail to {item.email}</h3>
            <TextField
              look={adminLook}
              id={`${fid}-s`}
              label="Subject"
              required
              maxLength={200}
              value={subject ?? defaultSubject}
              onChange={(e) => setSubject(e.target.value)}
            />
            <TextArea
              look={adminLook}
              id={`${fid}-m`}
              label="Message"
              required
              rows={6}
              maxLength={10000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              aria-describedby={reply.isError ? `${fid}-e` : undefined}
            />
            <button type="submit" className="admin-button" disabled={reply.isPending || !message.trim()}>
              {reply.isPending ? 'Sending…' : 'Send reply'}
            </button>
            <div aria-live="polite">
              {reply.isError && (
                <p id={`${fid}-e`} role="alert" className="admin-error">
                  {errorText(reply.error)}
                </p>
              )}
              {reply.isSuccess && <p className="admin-success">{reply.data.message}</p>}
            </div>
          </AdminForm>
          {(q.data?.replies ?? []).length > 0 && (
            <>
              <h3>Replies sent</h3>
              <ol className="admin-history">
                {(q.data?.replies ?? []).map((r, i) => (
                  <li key={i}>
                    <strong>{r.subject}</strong> — {formatDate(r.createdAt)} by {r.staffName ?? 'staff'}
                    <div className="admin-pre">{r.message}</div>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </DetailPanel>
  );
}
