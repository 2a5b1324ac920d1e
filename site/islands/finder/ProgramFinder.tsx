import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FacetValue } from '#schemas/programs.ts';
import {
  COMPARE_MAX,
  COMPARE_MIN,
  apiSearch,
  defaultFilters,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  programSorts,
  sortLabels,
  type ProgramFilters,
} from '#schemas/finder-terms.ts';
import { CURRENCIES, isCurrency, rateTableFrom } from '#schemas/money.ts';
import type { RatesTable } from '#schemas/programs.ts';
import { api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { tuitionIn } from '#site/lib/format.ts';
import { readDisplayCurrency, rememberCurrency, withCurrency } from '#site/lib/display-currency.ts';
import { withQuery } from '../common/with-query.tsx';
import { SaveButton, useSaved } from './SaveButton.tsx';
import type { FinderPage } from './first-page.ts';
import { CurrencyOptions } from './currency-options.tsx';
import '../../styles/browser.css';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const programsContract = () => (import.meta.env.DEV ? import('#schemas/programs.ts') : notInProduction());

const COMPARE_KEY = 'compareIds';
/** The element the page puts after the finder's section for the compare tray (courses.astro). */
export const COMPARE_TRAY_SLOT = 'compare-tray-slot';
const TEXT_DELAY_MS = 350;

/**
 * The program finder on /courses (spec 1 section 2.8): the spec's department
 * filter, search, count, Reset Filters and empty state, plus country, level, intake, tuition and
 * duration with their counts, a sort, pages, save and compare. Every filter lives in the URL: a
 * shared link opens the same results, back and forward restore them. The server renders the first
 * page and a GET form; this island takes over once hydrated. On phones the filters are a sheet.
 */
function ProgramFinder({
  initial,
  rates,
}: {
  initial: FinderPage;
  /** Units per US dollar by currency: prices shown in the chosen currency. */
  rates: Record<string, Pick<RatesTable[string], 'unitsPerUsd'>>;
}) {
  // Rendered first as the server did (no filters), then from the URL once in the browser.
  const [filters, setFilters] = useState<ProgramFilters>(defaultFilters);
  const [ready, setReady] = useState(false);
  const [draft, setDraft] = useState({ q: '', minFee: '', maxFee: '' });
  const [compare, setCompare] = useState<string[]>([]);
  const sheet = useRef<HTMLDialogElement>(null);
  const saved = useSaved();
  const rateTable = useMemo(() => rateTableFrom(rates), [rates]);

  useEffect(() => {
    const read = () => {
      const f = filtersFromSearch(location.search);
      // No currency in the link: the one this person chose before, written into the URL so that a
      // copy of it shows the same prices.
      if (!f.currency) {
        f.currency = readDisplayCurrency();
        if (f.currency) history.replaceState(history.state, '', `${location.pathname}${filtersToSearch(f)}`);
      }
      setFilters(f);
      setDraft({ q: f.q ?? '', minFee: f.minFee?.toString() ?? '', maxFee: f.maxFee?.toString() ?? '' });
    };
    read();
    setCompare(JSON.parse(sessionStorage.getItem(COMPARE_KEY) ?? '[]') as string[]);
    setReady(true);
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  // The latest filters, for changes that land after a delay (typing) while a select changed meanwhile.
  const latest = useRef(filters);
  latest.current = filters;
  // The API's query: the currency only beside a fee bound (alone, it changes how prices read, not which match).
  const search = apiSearch(filters);
  // Typed as what the cards show: the server's first page carries only that (first-page.ts).
  const programs = useQuery<FinderPage>({
    queryKey: ['programs', search],
    queryFn: () =>
      api(`/api/programs${search}`, { schema: schemaFrom(programsContract, 'programsResponse') }),
    placeholderData: keepPreviousData,
    initialData: search === '' ? initial : undefined,
    initialDataUpdatedAt: 0,
  });
  const data = programs.data ?? initial;

  /** A new set of filters: into the URL (a history entry, or replacing it while typing) and the query. */
  const apply = (patch: Partial<ProgramFilters>, replace = false) => {
    const next: ProgramFilters = { ...latest.current, page: 1, ...patch };
    if ((next.minFee !== undefined || next.maxFee !== undefined) && !next.currency) next.currency = 'GBP';
    const changed = filtersToSearch(next) !== filtersToSearch(latest.current);
    // A currency without a fee bound changes no result, only how prices read: no history entry.
    const resultsChanged = apiSearch(next) !== apiSearch(latest.current);
    if (next.currency && next.currency !== latest.current.currency) rememberCurrency(next.currency);
    latest.current = next;
    setFilters(next);
    if (changed)
      history[replace || !resultsChanged ? 'replaceState' : 'pushState'](
        null,
        '',
        `${location.pathname}${filtersToSearch(next)}`,
      );
  };

  // Typing settles before it searches; the URL follows without a history entry per keystroke.
  useEffect(() => {
    if (!ready) return;
    const t = setTimeout(() => {
      const fee = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : undefined);
      const typed = { q: draft.q.trim() || undefined, minFee: fee(draft.minFee), maxFee: fee(draft.maxFee) };
      const now = latest.current;
      // Only a real change of the typed filters starts again from page 1.
      if (typed.q !== now.q || typed.minFee !== now.minFee || typed.maxFee !== now.maxFee) apply(typed, true);
    }, TEXT_DELAY_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the typed text only
  }, [draft]);

  const toggleCompare = (id: string) => {
    const next = compare.includes(id)
      ? compare.filter((x) => x !== id)
      : [...compare, id].slice(-COMPARE_MAX);
    setCompare(next);
    sessionStorage.setItem(COMPARE_KEY, JSON.stringify(next));
  };
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const empty = data.items.length === 0;
  const active = hasActiveFilters(filters);
  // Every filter off; the sort and the currency prices are shown in stay (they filter nothing).
  const reset = () => {
    setDraft({ q: '', minFee: '', maxFee: '' });
    apply({
      ...defaultFilters,
      sort: filters.sort,
      q: undefined,
      country: undefined,
      level: undefined,
      department: undefined,
      intake: undefined,
      minFee: undefined,
      maxFee: undefined,
      currency: filters.currency,
      duration: undefined,
    });
  };
  const toggleCountry = (id: string, on: boolean) => {
    const now = filters.country ?? [];
    const next = on ? [...now, id] : now.filter((c) => c !== id);
    apply({ country: next.length ? next : undefined });
  };
  const facetOptions = (list: FacetValue[], selected: string | undefined) =>
    list.map((f) => (
      <option key={f.value} value={f.value} disabled={f.count === 0 && f.value !== selected}>
        {f.label} ({f.count})
      </option>
    ));
  const select = (name: 'level' | 'intake' | 'duration', label: string, any: string, list: FacetValue[]) => (
    <div className="field">
      <label htmlFor={`finder-${name}`}>{label}</label>
      <select
        id={`finder-${name}`}
        name={name}
        value={filters[name]?.toString() ?? ''}
        onChange={(e) =>
          apply({
            [name]:
              e.target.value === '' ? undefined : name === 'intake' ? Number(e.target.value) : e.target.value,
          })
        }
      >
        <option value="">{any}</option>
        {facetOptions(list, filters[name]?.toString())}
      </select>
    </div>
  );
  const resultsLabel = `Show ${data.total} ${data.total === 1 ? 'result' : 'results'}`;

  return (
    <div className="browser finder">
      <button
        type="button"
        className="btn btn--ghost finder__open"
        aria-haspopup="dialog"
        onClick={() => sheet.current?.showModal()}
      >
        Filters{active ? ' (on)' : ''}
      </button>
      <dialog ref={sheet} className="finder__sheet" aria-labelledby="finder-filters-title">
        <form
          id="finder-form"
          className="browser__filters card card__body"
          action="/courses"
          method="get"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            sheet.current?.close();
          }}
        >
          <div className="finder__sheet-head">
            <h3 id="finder-filters-title">Filters</h3>
            <button
              type="button"
              className="btn btn--small btn--ghost finder__close"
              onClick={() => sheet.current?.close()}
            >
              Close
            </button>
          </div>
          <div className="field">
            <label htmlFor="program-search">Search by subject</label>
            <input
              id="program-search"
              type="search"
              name="q"
              placeholder="e.g. Data Science"
              value={draft.q}
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </div>
          <fieldset className="radio-group finder__countries">
            <legend>Countries</legend>
            {data.facets.country.map((c) => {
              const on = filters.country?.includes(c.value) ?? false;
              return (
                <label key={c.value}>
                  <input
                    type="checkbox"
                    name="country"
                    value={c.value}
                    checked={on}
                    disabled={c.count === 0 && !on}
                    onChange={(e) => toggleCountry(c.value, e.target.checked)}
                  />{' '}
                  <span>
                    {c.label} <span className="finder__count">({c.count})</span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          {select('level', 'Level', 'All levels', data.facets.level)}
          <fieldset className="radio-group">
            <legend>Department</legend>
            {programs.isError && (
              <p className="alert alert--error" role="alert">
                Failed to fetch departments.
              </p>
            )}
            <label>
              <input
                type="radio"
                name="department"
                value=""
                checked={!filters.department}
                onChange={() => apply({ department: undefined })}
              />{' '}
              All departments
            </label>
            {data.facets.department.map((d) => (
              <label key={d.value}>
                <input
                  type="radio"
                  name="department"
                  value={d.value}
                  checked={filters.department === d.value}
                  disabled={d.count === 0 && filters.department !== d.value}
                  onChange={() => apply({ department: d.value })}
                />{' '}
                <span>
                  {d.label} <span className="finder__count">({d.count})</span>
                </span>
              </label>
            ))}
          </fieldset>
          {select('intake', 'Intake month', 'Any month', data.facets.intake)}
          <fieldset className="finder__fees">
            <legend>Tuition per year</legend>
            <div className="field">
              <label htmlFor="finder-min">Tuition from</label>
              <input
                id="finder-min"
                name="minFee"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                value={draft.minFee}
                onChange={(e) => setDraft({ ...draft, minFee: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor="finder-max">Tuition to</label>
              <input
                id="finder-max"
                name="maxFee"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                value={draft.maxFee}
                onChange={(e) => setDraft({ ...draft, maxFee: e.target.value })}
              />
            </div>
            <p className="small muted finder__fee-currency">
              In {CURRENCIES[filters.currency ?? 'GBP'].name} ({filters.currency ?? 'GBP'}): change it with
              “Show prices in”.
            </p>
          </fieldset>
          {select('duration', 'Length', 'Any length', data.facets.duration)}
          {active && (
            <button type="button" className="btn btn--ghost" onClick={reset}>
              Reset Filters
            </button>
          )}
          <button type="submit" className="btn btn--primary finder__show">
            {resultsLabel}
          </button>
        </form>
      </dialog>

      <div className="finder__results">
        <div className="finder__head">
          <p className="browser__count" role="status" aria-live="polite">
            {data.total} {data.total === 1 ? 'program' : 'programs'} found
          </p>
          <div className="field finder__sort">
            <label htmlFor="finder-currency">Show prices in</label>
            <select
              id="finder-currency"
              name="currency"
              form="finder-form"
              value={filters.currency ?? ''}
              onChange={(e) => apply({ currency: isCurrency(e.target.value) ? e.target.value : undefined })}
            >
              <option value="">Each program's own currency</option>
              <CurrencyOptions />
            </select>
          </div>
          <div className="field finder__sort">
            <label htmlFor="finder-sort">Sort by</label>
            <select
              id="finder-sort"
              name="sort"
              form="finder-form"
              value={filters.sort}
              onChange={(e) => apply({ sort: e.target.value as ProgramFilters['sort'] })}
            >
              {programSorts.map((s) => (
                <option key={s} value={s}>
                  {sortLabels[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {programs.isError && (
          <p className="alert alert--error" role="alert">
            Failed to fetch data. Please try again later.
          </p>
        )}
        {saved.error && (
          <p className="alert alert--error" role="alert">
            {saved.error}
          </p>
        )}
        {empty ? (
          <div className="empty-state" data-testid="finder-empty">
            <p>No programs found matching your criteria.</p>
            {active && (
              <button type="button" className="btn btn--primary" onClick={reset}>
                Reset Filters
              </button>
            )}
          </div>
        ) : (
          <ul
            className="browser__list"
            role="list"
            data-testid="program-results"
            aria-busy={programs.isFetching && programs.isPlaceholderData}
          >
            {data.items.map((p) => (
              <li key={p._id} className="card card--link browser__item">
                <div className="card__body">
                  <p className="program-card__uni">{p.university}</p>
                  <h3>
                    <a className="stretched-link" href={withCurrency(`/subject/${p._id}`, filters.currency)}>
                      {p.name}
                    </a>
                  </h3>
                  <p className="program-card__meta">
                    <span>
                      {p.degreeType} · {p.duration} · {p.location}
                    </span>
                    <Price price={tuitionIn(p.basePrice, p.currency, filters.currency, rateTable)} />
                  </p>
                  <p className="finder__intake">Next intake: {p.intake || 'to be announced'}</p>
                  <div className="finder__actions">
                    <SaveButton id={p._id} name={p.name} />
                    <label className="finder__compare">
                      <input
                        type="checkbox"
                        checked={compare.includes(p._id)}
                        disabled={!ready || (!compare.includes(p._id) && compare.length >= COMPARE_MAX)}
                        onChange={() => toggleCompare(p._id)}
                      />{' '}
                      Compare<span className="visually-hidden"> {p.name}</span>
                    </label>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        <nav
          className="finder__pages"
          aria-label="Result pages"
          data-ready={ready || undefined}
          hidden={pages === 1 || empty}
        >
          <PageLink
            to={filters.page - 1}
            pages={pages}
            onGo={(page) => apply({ page })}
            search={(page) => filtersToSearch({ ...filters, page })}
          >
            Previous
          </PageLink>
          <span>
            Page {filters.page} of {pages}
          </span>
          <PageLink
            to={filters.page + 1}
            pages={pages}
            onGo={(page) => apply({ page })}
            search={(page) => filtersToSearch({ ...filters, page })}
          >
            Next
          </PageLink>
        </nav>
      </div>
      {/* Outside the finder's section: it skips its paint while off screen (.section--below-fold),
          which makes it the containing block of anything fixed inside it. The page's slot right
          after the section keeps the tray next in the tab order after the results. The tray is never
          in the server's HTML (the choice is in sessionStorage), so the portal changes no hydration. */}
      {compare.length > 0 &&
        createPortal(
          <div className="compare-tray" role="region" aria-label="Compare programs">
            <span>
              {compare.length} of {COMPARE_MAX} chosen to compare
            </span>
            {compare.length >= COMPARE_MIN ? (
              <a
                className="btn btn--primary btn--small"
                href={withCurrency(
                  `/compare?ids=${compare.map(encodeURIComponent).join(',')}`,
                  filters.currency,
                )}
              >
                Compare {compare.length} programs
              </a>
            ) : (
              <span className="small">Choose one more</span>
            )}
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => {
                setCompare([]);
                sessionStorage.removeItem(COMPARE_KEY);
              }}
            >
              Clear
            </button>
          </div>,
          document.getElementById(COMPARE_TRAY_SLOT) ?? document.body,
        )}
    </div>
  );
}

/** A card's tuition: in the chosen currency (≈, converted) with the program's own beside it. */
function Price({ price }: { price: { shown: string; own?: string | undefined } }) {
  return (
    <span data-testid="program-price">
      {price.shown}
      {price.own && <span className="small muted"> ({price.own})</span>}
    </span>
  );
}

function PageLink({
  to,
  pages,
  onGo,
  search,
  children,
}: {
  to: number;
  pages: number;
  onGo: (page: number) => void;
  search: (page: number) => string;
  children: ReactNode;
}) {
  if (to < 1 || to > pages)
    return (
      <span className="btn btn--ghost btn--small" aria-disabled="true">
        {children}
      </span>
    );
  return (
    <a
      className="btn btn--ghost btn--small"
      href={`/courses${search(to)}`}
      onClick={(e) => {
        e.preventDefault();
        onGo(to);
        document.getElementById('browser-title')?.scrollIntoView();
      }}
    >
      {children}
    </a>
  );
}

export default withQuery(ProgramFinder);
