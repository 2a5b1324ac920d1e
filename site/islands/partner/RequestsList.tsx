import { useQuery } from '@tanstack/react-query';
import { personLabel } from '../../../schemas/pipelines.ts';
import { partnerRequestsQuery } from './queries.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The partner's own requests with status and date, newest first (beyond the spec: issue 5). */
export function RequestsList({ token }: { token: string }) {
  const requests = useQuery(partnerRequestsQuery(token));
  return (
    <section aria-labelledby="pt-requests-title">
      <div className="pt-panel-head">
        <h2 id="pt-requests-title">My Requests</h2>
        <button type="button" className="pt-button pt-button-secondary" onClick={() => void requests.refetch()} disabled={requests.isFetching}>
          {requests.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      <p className="pt-muted">Our team reviews each request and updates its status here.</p>
      {requests.isPending ? (
        <p className="pt-muted" role="status">Loading your requests…</p>
      ) : requests.isError ? (
        <div className="pt-banner pt-banner-error" role="alert">
          <p>We could not load your requests.</p>
          <button type="button" className="pt-button pt-button-small" onClick={() => void requests.refetch()}>Try again</button>
        </div>
      ) : requests.data.requests.length === 0 ? (
        <p className="pt-empty">You have not submitted any requests yet. Use Student Admission or Hire Employees to send one.</p>
      ) : (
        <ul className="pt-request-list">
          {requests.data.requests.map((r) => (
            <li key={r._id} className="pt-request">
              <div>
                <p className="pt-request-kind">{r.type === 'student' ? 'Student admission' : 'Employee hiring'}</p>
                <p className="pt-request-title">{r.title}</p>
              </div>
              <div className="pt-request-meta">
                <span className={`pt-status pt-status-${r.status}`}>{personLabel('partner_request', r.status)}</span>
                <time dateTime={r.createdAt}>{dateFormat.format(new Date(r.createdAt))}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
