import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PUBLISH_NOT_SET_UP,
  PUBLISH_WAITING,
  publishProblemText,
  publishResponse,
  publishStatusResponse,
  type PublishStatusResponse,
} from '#schemas/build.ts';
import { adminApi, formatDate } from './session.ts';
import { AdminAlert } from './AdminAlert.tsx';

const plural = (n: number) => `${n} edit${n === 1 ? '' : 's'}`;

/** The sentence about what is live and what is on its way. */
function describe(s: PublishStatusResponse) {
  const published = s.publishedAt ? (
    <>
      Published at <strong>{formatDate(s.publishedAt)}</strong>.
    </>
  ) : (
    <>
      Site last built: <strong>not recorded yet</strong>.
    </>
  );
  let next: string;
  if (s.state === 'publishing') next = `Publishing since ${formatDate(s.stateSince)}.`;
  else if (s.state === 'waiting') next = `${PUBLISH_WAITING} (since ${formatDate(s.stateSince)}).`;
  // A problem has a paragraph of its own below.
  else if (s.state === 'failed' || s.state === 'timed-out') next = '';
  else if (s.mode === 'not-set-up')
    next = s.editsWaiting ? `${plural(s.waitingEdits)} not on the public pages yet.` : '';
  else if (s.mode === 'local' && s.requestPending) next = 'A rebuild is on its way.';
  else if (s.nextBuildInSeconds !== null) next = `The next build starts in ${s.nextBuildInSeconds} seconds.`;
  else
    next = s.editsWaiting ? `${plural(s.waitingEdits)} waiting to be published.` : 'Everything is published.';
  return (
    <>
      {published} {next}
    </>
  );
}

/**
 * When the site was last published, where the last publish stands (building, waiting for a
 * reviewer, failed at a step with its log, silent for too long) and the Publish button, which says
 * why it cannot be pressed where publishing is not set up.
 */
export function PublishBar() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['admin', 'publish'],
    queryFn: () => adminApi('/publish/status', { schema: publishStatusResponse }),
    // While a build runs or waits, poll so the page shows when it is done (or what went wrong).
    refetchInterval: (q) =>
      q.state.data &&
      (q.state.data.state === 'publishing' ||
        q.state.data.state === 'waiting' ||
        (q.state.data.requestPending && q.state.data.state !== 'failed'))
        ? 5_000
        : 60_000,
  });
  const publish = useMutation({
    mutationFn: () => adminApi('/publish', { method: 'POST', schema: publishResponse }),
    onSuccess: (data) => queryClient.setQueryData(['admin', 'publish'], data),
  });
  const s = status.data;
  const problem = s ? publishProblemText(s) : null;
  const notSetUp = s?.mode === 'not-set-up';
  return (
    <section className="admin-publish" aria-labelledby="publish-title">
      <h2 id="publish-title">Publishing</h2>
      <div aria-live="polite" className="admin-publish__state">
        {status.isPending && <p>Loading…</p>}
        {status.isError && <AdminAlert error={status.error} />}
        {s && <p data-testid="publish-status">{describe(s)}</p>}
        {problem && (
          <p role="alert" className="admin-error" data-testid="publish-failed">
            {problem}
            {s?.logUrl && (
              <>
                {' '}
                <a href={s.logUrl} target="_blank" rel="noopener noreferrer">
                  See the log
                </a>
                .
              </>
            )}
          </p>
        )}
        {notSetUp && (
          <p className="admin-warning" id="publish-not-set-up" data-testid="publish-not-set-up">
            {PUBLISH_NOT_SET_UP}
          </p>
        )}
        {publish.isSuccess && publish.data.message && !problem && (
          <p className="admin-success">{publish.data.message}</p>
        )}
        {publish.isError && <AdminAlert error={publish.error} />}
      </div>
      <button
        type="button"
        className="admin-button"
        disabled={publish.isPending || notSetUp}
        aria-describedby={notSetUp ? 'publish-not-set-up' : undefined}
        onClick={() => publish.mutate()}
      >
        {publish.isPending ? 'Publishing…' : problem ? 'Retry publishing' : 'Publish'}
      </button>
    </section>
  );
}
