import { useId, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { pageOf } from '#schemas/responses.ts';
import { adminApi, downloadCsv, errorText } from './session.ts';
import { SelectField, TextField } from '../common/fields.tsx';
import { adminLook } from './look.ts';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export interface Filter {
  /** Query parameter: status or type. */
  name: 'status' | 'type';
  label: string;
  options: { value: string; label: string }[];
}

interface Props<T> {
  caption: string;
  /** API path of the list, e.g. /subscriptions. */
  path: string;
  /** The response schema of one row (schemas/admin/): types the rows and checks them in development. */
  row: ZodType<T>;
  columns: Column<T>[];
  filters?: Filter[];
  /** Row id for selection. */
  rowKey: (row: T) => string;
  /** Opens a row's detail; the first column becomes a button. */
  onOpen?: (row: T) => void;
  selected?: string | null;
  searchLabel?: string;
  initialFilters?: Record<string, string>;
  pageSize?: number;
}

/** The values the address gives a list's filters (only known options of its own filters). */
export function filtersIn(search: string, filters: Filter[]) {
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const f of filters) {
    const v = params.get(f.name);
    if (v && f.options.some((o) => o.value === v)) out[f.name] = v;
  }
  return out;
}

/** A list that pages, filters and searches on the server, with CSV export of the whole filtered list. */
export function DataTable<T>({
  caption,
  path,
  row,
  columns,
  filters = [],
  rowKey,
  onOpen,
  selected,
  searchLabel = 'Search',
  initialFilters = {},
  pageSize = 20,
}: Props<T>) {
  const id = useId();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  // The filters in the address win (a dashboard tile opens its list filtered); a
  // change is written back, so a reload or a shared link shows the same list.
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...initialFilters,
    ...filtersIn(location.search, filters),
  }));
  const choose = (next: Record<string, string>) => {
    setValues(next);
    const params = new URLSearchParams(location.search);
    for (const f of filters) {
      if (next[f.name]) params.set(f.name, next[f.name]!);
      else params.delete(f.name);
    }
    const query = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}`);
  };
  const [exportError, setExportError] = useState<string | null>(null);
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q) params.set('q', q);
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  const query = useQuery({
    queryKey: ['admin', path, params.toString()],
    queryFn: () => adminApi(`${path}?${params}`, { schema: pageOf(row) }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  const exportParams = new URLSearchParams(params);
  exportParams.delete('page');
  exportParams.delete('pageSize');
  exportParams.set('format', 'csv');

  return (
    <section className="admin-list" aria-labelledby={`${id}-caption`}>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft.trim());
          setPage(1);
        }}
      >
        <TextField
          look={adminLook}
          id={`${id}-q`}
          label={searchLabel}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        {filters.map((f) => (
          <SelectField
            key={f.name}
            look={adminLook}
            id={`${id}-${f.name}`}
            label={f.label}
            placeholder="All"
            options={f.options}
            value={values[f.name] ?? ''}
            onChange={(e) => {
              choose({ ...values, [f.name]: e.target.value });
              setPage(1);
            }}
          />
        ))}
        <button type="submit" className="admin-button">
          Search
        </button>
        <button
          type="button"
          className="admin-button admin-button--quiet"
          onClick={() => {
            setExportError(null);
            downloadCsv(`${path}?${exportParams}`).catch((e: unknown) => setExportError(errorText(e)));
          }}
        >
          Export CSV
        </button>
      </form>
      {exportError && (
        <p role="alert" className="admin-error">
          {exportError}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={query.isFetching}>
          <caption id={`${id}-caption`}>
            {caption}
            {query.data && <span className="admin-count"> ({query.data.total})</span>}
          </caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th scope="col" key={c.header}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data?.items.map((row) => {
              const key = rowKey(row);
              return (
                <tr
                  key={key}
                  aria-selected={selected === key || undefined}
                  className={selected === key ? 'is-selected' : undefined}
                >
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <th scope="row" key={c.header}>
                        {onOpen ? (
                          <button
                            type="button"
                            className="link-button admin-link"
                            onClick={() => onOpen(row)}
                          >
                            {c.cell(row)}
                          </button>
                        ) : (
                          c.cell(row)
                        )}
                      </th>
                    ) : (
                      // The column's name beside each value when rows stack on a phone (admin.css).
                      <td key={c.header} data-label={c.header}>
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div aria-live="polite" className="admin-state">
        {query.isPending && <p>Loading…</p>}
        {query.isError && (
          <p role="alert" className="admin-error">
            {errorText(query.error)}{' '}
            <button type="button" className="link-button admin-link" onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        )}
        {query.data && query.data.items.length === 0 && (
          <p>Nothing here{q || Object.values(values).some(Boolean) ? ' for this search' : ' yet'}.</p>
        )}
      </div>
      <nav className="admin-pager" aria-label={`${caption} pages`}>
        <button
          type="button"
          className="admin-button admin-button--quiet"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          Previous
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className="admin-button admin-button--quiet"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          Next
        </button>
      </nav>
    </section>
  );
}

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <span className={`admin-badge admin-badge--${status}`}>{label ?? status.replace(/_/g, ' ')}</span>;
}
