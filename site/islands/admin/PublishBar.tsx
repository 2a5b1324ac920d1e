import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, errorText, formatDate } from './session.ts';

interface PublishStatus { lastBuiltAt: string | null; lastRequestedAt: string | null; waitingEdits: number; editsWaiting: boolean; requestPending: boolean; message?: string }

/** When the site was last built, whether edits wait, and the Publish button. */
export function PublishBar() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['admin', 'publish'],
    queryFn: () => adminApi<PublishStatus>('/publish/status'),
    // While a build is waiting, poll so the page shows when it is done.
    refetchInterval: (q) => (q.state.data?.requestPending ? 5_000 : 60_000),
  });
  const publish = useMutation({
    mutationFn: () => adminApi<PublishStatus>('/publish', { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(['admin', 'publish'], data),
  });
  const s = status.data;
  return (
    <section className="admin-publish" aria-labelledby="publish-title">
      <h2 id="publish-title">Publishing</h2>
      <div aria-live="polite" className="admin-publish__state">
        {status.isPending && <p>Loading…</p>}
        {status.isError && <p role="alert" className="admin-error">{errorText(status.error)}</p>}
        {s && (
          <p data-testid="publish-status">
            Site last built: <strong>{s.lastBuiltAt ? formatDate(s.lastBuiltAt) : 'not recorded yet'}</strong>.{' '}
            {s.requestPending ? 'A rebuild is on its way.' : s.editsWaiting ? `${s.waitingEdits} edit${s.waitingEdits === 1 ? '' : 's'} waiting to be published.` : 'Everything is published.'}
          </p>
        )}
        {publish.isSuccess && publish.data.message && <p className="admin-success">{publish.data.message}</p>}
        {publish.isError && <p role="alert" className="admin-error">{errorText(publish.error)}</p>}
      </div>
      <button type="button" className="admin-button" disabled={publish.isPending} onClick={() => publish.mutate()}>
        {publish.isPending ? 'Publishing…' : 'Publish'}
      </button>
    </section>
  );
}
