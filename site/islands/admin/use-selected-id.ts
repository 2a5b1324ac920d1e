import { useState } from 'react';

/** The open row's id in a page's query string (`?id=…`), or null. */
export function selectedIdFrom(search: string): string | null {
  return new URLSearchParams(search).get('id') || null;
}

/**
 * The address that shows the list with `id` open (null: the list alone), keeping the list's other
 * parameters (its filters) from `search`.
 */
export function addressOf(pathname: string, id: string | null, search = ''): string {
  const params = new URLSearchParams(search);
  if (id === null) params.delete('id');
  else params.set('id', id);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The open row of a list-and-detail section (pipelines, payments, inbox). Its id is kept in the
 * address, so a reload or a link shared with a colleague opens the same item; opening moves focus
 * to the detail (`#admin-detail`) so keyboard users land on what they opened.
 */
export function useSelectedId() {
  const [selected, setSelected] = useState<string | null>(() => selectedIdFrom(location.search));
  return {
    selected,
    open: (id: string) => {
      setSelected(id);
      history.replaceState(null, '', addressOf(location.pathname, id, location.search));
      requestAnimationFrame(() => document.getElementById('admin-detail')?.focus());
    },
    close: () => {
      setSelected(null);
      history.replaceState(null, '', addressOf(location.pathname, null, location.search));
    },
  };
}
