import { TimelineList, useTimeline } from '../common/Timeline.tsx';
import { partnerRequestsQuery } from './requests-query.ts';

/**
 * The partner's own requests as timelines: each status with its date, what happens next, the latest
 * change first and the changes since the last visit marked (schemas/timeline.ts).
 */
export function RequestsList({ token }: { token: string }) {
  const { query, since } = useTimeline(partnerRequestsQuery(token));
  return (
    <section aria-labelledby="pt-requests-title">
      <div className="pt-panel-head">
        <h2 id="pt-requests-title">My Requests</h2>
        <button
          type="button"
          className="pt-button pt-button-secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      <p className="pt-muted">
        Our team reviews each request; every change of status appears here with its date.
      </p>
      {query.isPending ? (
        <p className="pt-muted" role="status">
          Loading your requests…
        </p>
      ) : query.isError ? (
        <div className="pt-banner pt-banner-error" role="alert">
          <p>We could not load your requests.</p>
          <button type="button" className="pt-button pt-button-small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <TimelineList
          items={query.data.items}
          since={since}
          label="My Requests"
          itemClassName="pt-request"
          empty={
            <p className="pt-empty">
              You have not submitted any requests yet. Use Student Admission or Hire Employees to send one.
            </p>
          }
        />
      )}
    </section>
  );
}
