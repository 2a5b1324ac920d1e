import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, notInProduction, schemaFrom } from '#site/lib/api.ts';
import { withQuery } from '#site/islands/common/with-query.tsx';

const mailboxAnswer = schemaFrom(
  () => (import.meta.env.DEV ? import('#schemas/mail.ts') : notInProduction()),
  'mailboxResponse',
);

/** /dev/mailbox: the development outbox, newest first, filtered by address. */
export default withQuery(Mailbox);

function Mailbox() {
  const [filter, setFilter] = useState('');
  const [to, setTo] = useState('');
  const query = useQuery({
    queryKey: ['dev', 'outbox', to],
    queryFn: () =>
      api(`/api/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`, { schema: mailboxAnswer }),
    refetchInterval: 5000,
    staleTime: 0,
  });
  return (
    <div className="st-mailbox">
      <h1>Dev mailbox</h1>
      <p className="st-muted">
        Every e-mail the app sends in development lands here (newest first). Refreshes every 5 seconds.
      </p>
      <form
        className="st-row"
        onSubmit={(e) => {
          e.preventDefault();
          setTo(filter.trim());
        }}
      >
        <div className="st-field">
          <label htmlFor="mailbox-filter">Filter by address</label>
          <input
            id="mailbox-filter"
            type="email"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="someone@example.com"
          />
        </div>
        <button type="submit" className="st-button">
          Filter
        </button>
        {to && (
          <button
            type="button"
            className="st-button st-button--secondary"
            onClick={() => {
              setFilter('');
              setTo('');
            }}
          >
            Show all
          </button>
        )}
      </form>
      {query.isPending && <p role="status">Loading...</p>}
      {query.isError && <p role="alert">Could not load the outbox.</p>}
      {query.data && query.data.length === 0 && <p>No messages{to ? ` for ${to}` : ''}.</p>}
      <ol className="st-list" aria-label="Messages">
        {query.data?.map((m, i) => (
          <li key={`${m.createdAt}-${i}`} className="st-card st-mail">
            <h2>{m.subject}</h2>
            <p className="st-muted">
              To {m.to} · {new Date(m.createdAt).toLocaleString('en-GB')}
            </p>
            <pre>{m.text}</pre>
            {m.attachments.map((a) => (
              <details key={a.filename}>
                <summary>
                  Attachment: {a.filename} ({a.contentType})
                </summary>
                <pre>{a.content}</pre>
              </details>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
