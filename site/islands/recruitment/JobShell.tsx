import { useQuery } from '@tanstack/react-query';
import { api, ApiError, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { idFromPath } from '#site/lib/shell-path.ts';
import { withQuery } from '../common/with-query.tsx';
import { JobDetailView } from '#site/components/recruitment/JobDetailView.tsx';
import JobActions from './JobActions.tsx';
import type { JobDetail } from '#schemas/recruitment.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const jobsContract = () => (import.meta.env.DEV ? import('#schemas/recruitment.ts') : notInProduction());

/**
 * /job/{id} that no build pre-rendered (the long tail, and jobs newer than the build):
 * from the job the Worker read when it rendered the page (it hydrates that markup without
 * fetching), else from the API by the id in the address.
 */
export default withQuery(Shell);

function Shell({ initial }: { initial?: JobDetail }) {
  return initial ? <JobShellView job={initial} /> : <JobFromApi />;
}

/** The job page's body, as the pre-rendered page shows it. */
export function JobShellView({ job }: { job: JobDetail }) {
  return (
    <JobDetailView job={job}>
      <JobActions job={job} />
    </JobDetailView>
  );
}

function JobFromApi() {
  const id = idFromPath('/job/');
  const query = useQuery({
    queryKey: ['job', id],
    queryFn: () =>
      api(`/api/jobs/${encodeURIComponent(id)}`, { schema: schemaFrom(jobsContract, 'jobDetailResponse') }),
    enabled: id !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

  // Built (no address yet): the loading line, which the browser replaces once it knows the id.
  if (
    (typeof window !== 'undefined' && id === '') ||
    (query.isError && query.error instanceof ApiError && query.error.status === 404)
  )
    return <NotFound />;
  if (query.isPending) return <p className="rc-loading">Loading job...</p>;
  if (query.isError) {
    return (
      <div className="rc-error-box" role="alert">
        <p>Error loading the job: {query.error.message}</p>
        <button type="button" className="rc-btn rc-btn--primary" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const job = query.data;
  // The page's own title keeps the brand part (after '|') the build gave it.
  document.title = document.title.replace(/^[^|]*/, `${job.position} at ${job.company} `);
  return <JobShellView job={job} />;
}

export function NotFound() {
  return (
    <div className="rc-card rc-not-found">
      <h1>Job not found</h1>
      <p>The job you are looking for doesn't exist or has been removed.</p>
      <p>
        <a className="rc-btn rc-btn--primary" href="/recruitments">
          Go to recruitments
        </a>
      </p>
    </div>
  );
}
