import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { subjectSearch } from '#site/lib/subject-search.ts';
import { truncateWords } from '#site/lib/format.ts';
import { withQuery } from '../common/with-query.tsx';
import '../../styles/browser.css';

/** /search?query= (spec 2 sections 5 and 8): no call for a blank query. */
function SearchResults() {
  const [query, setQuery] = useState<string | null>(null);
  useEffect(() => setQuery(new URLSearchParams(window.location.search).get('query') ?? ''), []);
  const q = (query ?? '').trim();
  const subjects = useQuery(subjectSearch(q, 50));
  const results = subjects.data?.results ?? [];
  const total = subjects.data?.total ?? 0;
  return (
    <div>
      <form className="search-page__form" action="/search" method="get" role="search">
        <label htmlFor="search-page-input" className="visually-hidden">
          Search subjects
        </label>
        <input
          id="search-page-input"
          className="input"
          type="search"
          name="query"
          placeholder="Search subjects..."
          defaultValue={query ?? ''}
          key={query ?? 'ssr'}
        />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign('/'))}
        >
          Back
        </button>
      </form>
      <div aria-live="polite">
        {query === null ? null : q === '' ? (
          <div className="empty-state">
            <h2>Start searching</h2>
            <p className="muted">Type a subject name or keyword above.</p>
          </div>
        ) : subjects.isPending ? (
          <p role="status">Searching...</p>
        ) : subjects.isError ? (
          <p className="alert alert--error" role="alert">
            Failed to fetch subjects.
          </p>
        ) : results.length === 0 ? (
          <div className="empty-state">
            <h2>No subjects found</h2>
            <p className="muted">Try different keywords.</p>
          </div>
        ) : (
          <>
            {/* The results' heading (the cards' h3 need an h2 above them: axe heading-order). */}
            <h2 className="visually-hidden">Results</h2>
            <p className="browser__count">
              {total} {total === 1 ? 'subject' : 'subjects'} found for “{q}”
              {total > results.length ? ` (showing the first ${results.length})` : ''}
            </p>
            <ul className="browser__list" role="list" data-testid="search-results">
              {results.map((s) => (
                <li key={s._id} className="card card--link">
                  <div className="card__body">
                    <p className="program-card__uni">{s.university}</p>
                    <h3>
                      <a className="stretched-link" href={`/subject/${s._id}`}>
                        {s.name}
                      </a>
                    </h3>
                    <p className="muted">{truncateWords(s.description, 30)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
export default withQuery(SearchResults);
