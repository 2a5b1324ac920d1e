import { useQuery } from '@tanstack/react-query';
import { api, ApiError, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { idFromPath } from '#site/lib/shell-path.ts';
import { withQuery } from '../common/with-query.tsx';
import { JobDetailView } from '#site/components/recruitment/JobDetailView.tsx';
import JobActions from './JobActions.tsx';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const jobsContract = () => (import.meta.env.DEV ? import('#schemas/recruitment.ts') : notInProduction());

/** /job/{id} for a job newer than the last build: the id comes from the address. */
export default withQuery(Shell);

function Shell() {
  const id = idFromPath('/job/');
  const query = useQuery({
    queryKey: ['job', id],
    queryFn: () =>
      api(`/api/jobs/${encodeURIComponent(id)}`, { schema: schemaFrom(jobsContract, 'jobDetailResponse') }),
    enabled: id !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

  if (id === '' || (query.isError && query.error instanceof ApiError && query.error.status === 404))
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
  return (
    <JobDetailView job={job}>
      <JobActions job={job} />
    </JobDetailView>
  );
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
