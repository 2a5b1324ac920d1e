import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publishResponse, publishStatusResponse, type PublishStatusResponse } from '#schemas/build.ts';
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
  else if (s.state === 'failed') next = '';
  else if (!s.hook && s.requestPending) next = 'A rebuild is on its way.';
  else if (s.nextBuildInSeconds !== null) next = `The next build starts in ${s.nextBuildInSeconds} seconds.`;
  else
    next = s.editsWaiting ? `${plural(s.waitingEdits)} waiting to be published.` : 'Everything is published.';
  return (
    <>
      {published} {next}
    </>
  );
}

/** When the site was last published, whether a build is running or failed, and the Publish button. */
export function PublishBar() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['admin', 'publish'],
    queryFn: () => adminApi('/publish/status', { schema: publishStatusResponse }),
    // While a build runs or waits, poll so the page shows when it is done.
    refetchInterval: (q) =>
      q.state.data && (q.state.data.state === 'publishing' || q.state.data.requestPending) ? 5_000 : 60_000,
  });
  const publish = useMutation({
    mutationFn: () => adminApi('/publish', { method: 'POST', schema: publishResponse }),
    onSuccess: (data) => queryClient.setQueryData(['admin', 'publish'], data),
  });
  const s = status.data;
  const failed = s?.state === 'failed';
  return (
    <section className="admin-publish" aria-labelledby="publish-title">
      <h2 id="publish-title">Publishing</h2>
      <div aria-live="polite" className="admin-publish__state">
        {status.isPending && <p>Loading…</p>}
        {status.isError && <AdminAlert error={status.error} />}
        {s && <p data-testid="publish-status">{describe(s)}</p>}
        {failed && (
          <p role="alert" className="admin-error" data-testid="publish-failed">
            Publishing failed at {formatDate(s.stateSince)}: {s.failure}. Nothing was changed on the live
            site; you can try again now.
          </p>
        )}
        {publish.isSuccess && publish.data.message && !failed && (
          <p className="admin-success">{publish.data.message}</p>
        )}
        {publish.isError && <AdminAlert error={publish.error} />}
      </div>
      <button
        type="button"
        className="admin-button"
        disabled={publish.isPending}
        onClick={() => publish.mutate()}
      >
        {publish.isPending ? 'Publishing…' : failed ? 'Retry publishing' : 'Publish'}
      </button>
    </section>
  );
}
