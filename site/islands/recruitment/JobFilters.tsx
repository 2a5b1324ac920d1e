import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, notInProduction, schemaFrom } from '#site/lib/api.ts';
import { jobMatches, type JobFilterTerms } from '#schemas/recruitment-text.ts';
import { withQuery } from '../common/with-query.tsx';
import { SelectField, TextField } from '../common/fields.tsx';
import { rcLook } from './look.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const jobsContract = () => (import.meta.env.DEV ? import('#schemas/recruitment.ts') : notInProduction());
// The sign-in and save step loads on the first "Create an alert for this search", not with the page.
const SaveAlertModal = lazy(() =>
  import('./SaveAlertModal.tsx').then((m) => ({ default: m.SaveAlertModal })),
);

const KEYS = ['q', 'category', 'location'] as const;
type Terms = Record<(typeof KEYS)[number], string>;
const none: Terms = { q: '', category: '', location: '' };

const termsFromUrl = (): Terms => {
  const p = new URLSearchParams(location.search);
  return { q: p.get('q') ?? '', category: p.get('category') ?? '', location: p.get('location') ?? '' };
};

/** The terms that filter: trimmed, blanks left out (the same the URL and an alert carry). */
const active = (t: Terms): JobFilterTerms => ({
  q: t.q.trim() || undefined,
  category: t.category || undefined,
  location: t.location.trim() || undefined,
});

/**
 * /job: the Keywords, Category and Location boxes filter the list as the person
 * types, by spec 2's job filter (schemas/recruitment-text.ts `jobMatches`), and the terms live in
 * the URL (`/job?q=&category=&location=`), so a reload or a shared link shows the same list.
 * "Create an alert for this search" saves the same terms as a job alert.
 *
 * The cards are the page's own pre-rendered HTML (children, `[data-job-id]`): filtering hides the
 * cards that do not match rather than drawing the list again, so the page's first document carries
 * no job twice. Descriptions are not on the cards: they come with the first filter, from the
 * cached list of open jobs (GET /api/applyjobs); should that fail, the cards' own text is searched.
 */
function JobFilters({ categories, children }: { categories: string[]; children?: ReactNode }) {
  const id = useId();
  const [terms, setTerms] = useState<Terms>(none);
  const [saving, setSaving] = useState<JobFilterTerms | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const keywords = useRef<HTMLInputElement>(null);
  // Cards on the page, and of them those showing (a job newer than the page has no card).
  const [cards, setCards] = useState(0);
  const [showing, setShowing] = useState(0);

  // The URL's terms once in the browser (the server rendered none); back and forward restore them.
  useEffect(() => {
    const read = () => setTerms(termsFromUrl());
    read();
    setCards(list.current?.querySelectorAll('[data-job-id]').length ?? 0);
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  const filter = active(terms);
  const filtering = Boolean(filter.q || filter.category || filter.location);
  const jobs = useQuery({
    queryKey: ['applyjobs', 'all'],
    enabled: filtering,
    staleTime: 5 * 60_000,
    retry: 0,
    queryFn: () => api('/api/applyjobs', { schema: schemaFrom(jobsContract, 'jobsListResponse') }),
  });

  // The ids that pass (null: show every card). While the descriptions load, nothing is hidden yet.
  const passing = useMemo(() => {
    if (!filtering) return null;
    if (jobs.data) return new Set(jobs.data.filter((j) => jobMatches(j, filter)).map((j) => j._id));
    if (!jobs.isError || !list.current) return null;
    // The list call failed: the cards' own words (title, company, location) and category.
    const ids = new Set<string>();
    for (const card of list.current.querySelectorAll<HTMLElement>('[data-job-id]')) {
      const job = {
        title: card.textContent ?? '',
        company: '',
        location: card.dataset.location ?? '',
        description: '',
        category: card.dataset.category ?? '',
      };
      if (jobMatches(job, filter)) ids.add(card.dataset.jobId!);
    }
    return ids;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `filter` is derived from `terms`
  }, [filtering, jobs.data, jobs.isError, terms]);

  useEffect(() => {
    let shown = 0;
    for (const card of list.current?.querySelectorAll<HTMLElement>('[data-job-id]') ?? []) {
      card.hidden = passing !== null && !passing.has(card.dataset.jobId!);
      if (!card.hidden) shown += 1;
    }
    setShowing(shown);
  }, [passing]);

  const change = (key: keyof Terms, value: string) => {
    const next = { ...terms, [key]: value };
    setTerms(next);
    // Every keystroke replaces the URL (no history entry per letter): reload and share keep the list.
    const params = new URLSearchParams();
    const shown = active(next);
    for (const k of KEYS) if (shown[k]) params.set(k, shown[k]);
    const query = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}`);
  };
  const clear = () => {
    setTerms(none);
    history.replaceState(history.state, '', location.pathname);
    keywords.current?.focus();
  };

  return (
    <>
      <section className="rc-alert-form" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Find a job</h2>
        <p className="rc-muted">
          Type to filter the list. Found what you want? Create an alert for the search and we e-mail you new
          matching jobs once a day.
        </p>
        <form
          className="rc-jobs__filters"
          role="search"
          action="/job"
          method="get"
          onSubmit={(e) => e.preventDefault()}
        >
          <TextField
            look={rcLook}
            id={`${id}-k`}
            ref={keywords}
            name="q"
            label="Keywords"
            type="search"
            maxLength={100}
            placeholder="e.g. care assistant"
            value={terms.q}
            onChange={(e) => change('q', e.target.value)}
          />
          <SelectField
            look={rcLook}
            id={`${id}-c`}
            name="category"
            label="Category"
            value={terms.category}
            onChange={(e) => change('category', e.target.value)}
            placeholder="All categories"
            options={categories}
          />
          <TextField
            look={rcLook}
            id={`${id}-l`}
            name="location"
            label="Location"
            type="search"
            maxLength={100}
            placeholder="e.g. Leeds"
            value={terms.location}
            onChange={(e) => change('location', e.target.value)}
          />
        </form>
        <div className="rc-jobs__alert" aria-live="polite" aria-busy={filtering && jobs.isFetching}>
          {filtering ? (
            <>
              <p className="rc-count" role="status">
                {passing === null ? 'Filtering…' : `${showing} Job's Found.`}
              </p>
              <button type="button" className="rc-btn rc-btn--primary" onClick={() => setSaving(filter)}>
                Create an alert for this search
              </button>
            </>
          ) : (
            <p className="rc-muted">{cards > 0 ? `${cards} open jobs.` : ''}</p>
          )}
        </div>
      </section>
      <div ref={list}>{children}</div>
      {passing !== null && showing === 0 && (
        <div className="rc-empty" data-testid="jobs-empty">
          <h3>There is no jobs found</h3>
          <p>No jobs found. Please search for something else.</p>
          <button type="button" className="rc-btn rc-btn--ghost" onClick={clear}>
            Use another keyword
          </button>
        </div>
      )}
      {saving && (
        <Suspense fallback={null}>
          <SaveAlertModal
            search={{
              keywords: saving.q ?? '',
              category: saving.category ?? '',
              location: saving.location ?? '',
            }}
            onClose={() => setSaving(null)}
          />
        </Suspense>
      )}
    </>
  );
}

export default withQuery(JobFilters);
