import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { withQuery } from '../common/with-query.tsx';
import { JOBS_PAGE_SIZE, jobMatches } from '#schemas/recruitment-text.ts';
import type { JobSummary, JobsPage } from '#schemas/recruitment.ts';
import { lazy as lazyModule, useLazy } from '#site/lib/lazy.ts';
import type { builtInJobs as BuiltInJobs } from './fallback-jobs.ts';
import { APPLICANT_DASHBOARD_PATH } from '#schemas/paths.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const jobsContract = () => (import.meta.env.DEV ? import('#schemas/recruitment.ts') : notInProduction());
import { SelectField, TextField } from '../common/fields.tsx';
import { rcLook } from './look.ts';
// The modal (and the applicant forms in it) loads on the first Apply, not with the page.
const ApplicationModal = lazy(() =>
  import('./ApplicationModal.tsx').then((m) => ({ default: m.ApplicationModal })),
);
// Likewise the job-alert dialog, on the first "Save this search as an alert".
const SaveAlertModal = lazy(() =>
  import('./SaveAlertModal.tsx').then((m) => ({ default: m.SaveAlertModal })),
);
// The built-in jobs load only when the list call fails (spec 2 section 4), not with the page.
const loadBuiltInJobs = lazyModule(() => import('./fallback-jobs.ts'));

interface Filters {
  q: string;
  category: string;
  page: number;
}

/** One page of the board, filtered on the server (q, category, page). */
export const jobsPageQuery = ({ q, category, page }: Filters) =>
  queryOptions({
    queryKey: ['applyjobs', q, category, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      if (category) params.set('category', category);
      return api(`/api/applyjobs?${params}`, { schema: schemaFrom(jobsContract, 'jobsPageResponse') });
    },
    retry: 0,
  });

/** The built-in jobs, filtered like the server would (used only when the list call fails). */
function fallbackPage({ q, category }: Filters, builtInJobs: typeof BuiltInJobs): JobsPage {
  const jobs = builtInJobs.filter((j) => jobMatches(j, { q, category }));
  return {
    jobs,
    total: jobs.length,
    page: 1,
    pageSize: JOBS_PAGE_SIZE,
    totalPages: 1,
    categories: [...new Set(builtInJobs.map((j) => j.category))].sort(),
  };
}

/** Numbered pages: all when few, else the first, the last and two either side of the current. */
export function pageNumbers(current: number, total: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set(
    [1, total, current - 2, current - 1, current, current + 1, current + 2].filter(
      (n) => n >= 1 && n <= total,
    ),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1]! > 1 ? [null, n] : [n]));
}

const formatDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export default withQuery(Board);

function Board({ heading = 'Find your next job' }: { heading?: string }) {
  const id = useId();
  const [input, setInput] = useState('');
  const [filters, setFilters] = useState<Filters>({ q: '', category: '', page: 1 });
  const [applyTo, setApplyTo] = useState<JobSummary | null>(null);
  const [savingAlert, setSavingAlert] = useState(false);
  const [everLoaded, setEverLoaded] = useState(false);
  const listTop = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const pageChanged = useRef(false);

  // Typing filters after a short pause; a new search starts again at page 1.
  useEffect(() => {
    const q = input.trim();
    if (q === filters.q) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, q, page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [input, filters.q]);

  const query = useQuery({ ...jobsPageQuery(filters), placeholderData: keepPreviousData });
  useEffect(() => {
    if (query.isSuccess) setEverLoaded(true);
  }, [query.isSuccess]);

  useEffect(() => {
    if (pageChanged.current && !query.isFetching) {
      pageChanged.current = false;
      listTop.current?.scrollIntoView({
        behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
        block: 'start',
      });
    }
  }, [filters.page, query.isFetching]);

  const usingFallback = query.isError && !everLoaded;
  const [fallbackJobs, startFallback] = useLazy(loadBuiltInJobs);
  useEffect(() => {
    if (usingFallback)
      startFallback().catch((e: unknown) => console.error('Failed to load the built-in jobs', e));
  }, [usingFallback, startFallback]);
  const data: JobsPage | undefined = usingFallback
    ? fallbackJobs
      ? fallbackPage(filters, fallbackJobs.builtInJobs)
      : undefined
    : query.data;
  const filtered = Boolean(filters.q || filters.category);

  const goTo = (page: number) => {
    pageChanged.current = true;
    setFilters((f) => ({ ...f, page }));
  };
  const clearFilters = () => {
    setInput('');
    setFilters({ q: '', category: '', page: 1 });
    searchRef.current?.focus();
  };

  return (
    <section className="rc-jobs" aria-labelledby={`${id}-heading`}>
      <div ref={listTop} className="rc-jobs__top" tabIndex={-1}>
        <h2 id={`${id}-heading`}>{heading}</h2>
        <p className="rc-muted">
          Browse open roles in the UK and across Europe and apply with your CV.{' '}
          <a href={APPLICANT_DASHBOARD_PATH}>My applications</a>
        </p>
      </div>
      <form
        className="rc-jobs__filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters((f) => ({ ...f, q: input.trim(), page: 1 }));
        }}
      >
        <TextField
          look={rcLook}
          id={`${id}-q`}
          label="Search jobs"
          ref={searchRef}
          type="search"
          placeholder="Job title, company, location or keyword"
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <SelectField
          look={rcLook}
          id={`${id}-category`}
          label="Category"
          value={filters.category}
          onChange={(e) => setFilters((f) => ({ ...f, category: e.target.value, page: 1 }))}
          placeholder="All categories"
          options={data?.categories ?? []}
        />
      </form>

      <div aria-live="polite" aria-busy={query.isFetching} className="rc-jobs__results">
        {(query.isPending && !usingFallback) || (usingFallback && !data) ? (
          <p className="rc-loading">Loading jobs...</p>
        ) : query.isError && !usingFallback ? (
          <div className="rc-error-box" role="alert">
            <p>Error loading jobs: {query.error.message}</p>
            <button type="button" className="rc-btn rc-btn--primary" onClick={() => window.location.reload()}>
              Retry
            </button>
          </div>
        ) : data && data.jobs.length === 0 ? (
          <div className="rc-empty">
            <h3>There is no jobs found</h3>
            <p>No jobs found. Please search for something else.</p>
            <button type="button" className="rc-btn rc-btn--ghost" onClick={clearFilters}>
              Use another keyword
            </button>
          </div>
        ) : data ? (
          <>
            {filtered && (
              <div className="rc-jobs__alert">
                <p className="rc-count">{data.total} Job's Found.</p>
                <button type="button" className="rc-btn rc-btn--ghost" onClick={() => setSavingAlert(true)}>
                  Create an alert for this search
                </button>
              </div>
            )}
            <ul className="rc-job-list">
              {data.jobs.map((job) => (
                <li key={job._id} className="rc-job-card">
                  <div className="rc-job-card__head">
                    <span className="rc-chip">{job.category}</span>
                    <span className="rc-chip rc-chip--soft">{job.recruitmentType}</span>
                  </div>
                  <h3 className="rc-job-card__title">
                    <a href={`/job/${encodeURIComponent(job._id)}`}>{job.title}</a>
                  </h3>
                  <p className="rc-job-card__meta">
                    {job.company} · {job.location}
                  </p>
                  <p className="rc-job-card__desc">{job.description}</p>
                  <p className="rc-job-card__dates">
                    From {formatDate(job.startDate)} to {formatDate(job.endDate)}
                  </p>
                  <div className="rc-actions">
                    <a
                      className="rc-btn rc-btn--ghost"
                      href={`/job/${encodeURIComponent(job._id)}`}
                      aria-label={`View details: ${job.title}`}
                    >
                      View details
                    </a>
                    <button
                      type="button"
                      className="rc-btn rc-btn--primary"
                      onClick={() => setApplyTo(job)}
                      aria-label={`Apply now: ${job.title}`}
                    >
                      Apply now
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            {data.totalPages > 1 && (
              <nav className="rc-pager" aria-label="Job list pages">
                <button
                  type="button"
                  className="rc-pager__btn"
                  disabled={data.page <= 1}
                  onClick={() => goTo(data.page - 1)}
                >
                  Previous
                </button>
                {pageNumbers(data.page, data.totalPages).map((n, i) =>
                  n === null ? (
                    <span key={`gap-${i}`} className="rc-pager__gap" aria-hidden="true">
                      …
                    </span>
                  ) : (
                    <button
                      key={n}
                      type="button"
                      className="rc-pager__btn"
                      aria-current={n === data.page ? 'page' : undefined}
                      aria-label={`Page ${n}`}
                      onClick={() => goTo(n)}
                    >
                      {n}
                    </button>
                  ),
                )}
                <button
                  type="button"
                  className="rc-pager__btn"
                  disabled={data.page >= data.totalPages}
                  onClick={() => goTo(data.page + 1)}
                >
                  Next
                </button>
              </nav>
            )}
          </>
        ) : null}
      </div>
      {savingAlert && (
        <Suspense fallback={null}>
          <SaveAlertModal
            search={{ keywords: filters.q, category: filters.category }}
            onClose={() => setSavingAlert(false)}
          />
        </Suspense>
      )}
      {applyTo && (
        <Suspense fallback={null}>
          <ApplicationModal job={applyTo} onClose={() => setApplyTo(null)} />
        </Suspense>
      )}
    </section>
  );
}
