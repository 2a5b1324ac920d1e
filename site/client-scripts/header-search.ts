// The header's subject search (spec 1 section 2.2), loaded by site-header.ts when a search box
// is first pointed at or focused: its code is not in the JavaScript every page loads up front
// (the page-weight budget, docs/performance.md), and a visitor who never searches never downloads it.
import type { SubjectSearchResponse } from '#schemas/catalog.ts';

type Hit = SubjectSearchResponse['results'][number];

/** Typing settles this long before the server is asked. */
const DEBOUNCE_MS = 150;
/** Answers are reused this long (the catalogue changes with a rebuild, not by the minute). */
const CACHE_MS = 5 * 60_000;
const LIMIT = 20;

const cache = new Map<string, { at: number; results: Hit[] }>();

/** One server search, cached per lower-cased query; a blank query matches nothing without a call. */
async function fetchHits(query: string, signal: AbortSignal): Promise<Hit[]> {
  const q = query.trim();
  if (!q) return [];
  const key = q.toLowerCase();
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.results;
  // A plain fetch, not api(): this anonymous, cacheable read needs none of api()'s session or
  // bookmark headers. Its answer is still typed (and checked in development) by the route's schema.
  const path = `/api/subjects/search?q=${encodeURIComponent(q)}&limit=${LIMIT}`;
  const res = await fetch(path, {
    signal,
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`GET /api/subjects/search answered ${res.status}`);
  const body = await answerOf(path, await res.json());
  const results = Array.isArray(body?.results) ? body.results : [];
  cache.set(key, { at: Date.now(), results });
  return results;
}

/**
 * The answer, typed by the route's schema (subjectSearchResponse, schemas/catalog-dto.ts) and, in
 * development, checked against it as api() checks. Nothing is imported at run time: with api() as a
 * dependency, the header script that loads this chunk carried a preload list on every page.
 */
async function answerOf(path: string, data: unknown): Promise<SubjectSearchResponse> {
  if (import.meta.env.DEV) {
    const [{ checkAnswer }, { subjectSearchResponse }] = await Promise.all([
      import('#site/lib/api.ts'),
      import('#schemas/catalog-dto.ts'),
    ]);
    return checkAnswer(subjectSearchResponse, path, data);
  }
  // Production trusts the type, as checkAnswer() does.
  return data as SubjectSearchResponse;
}

const subjectHref = (id: string) => `/subject/${encodeURIComponent(id)}`;

/**
 * A search box as a combobox with a listbox of matches: arrow keys move, Enter opens the subject
 * (or /search for the typed text), Escape or the clear button closes and clears. `onDone` runs
 * when the search closes (the mobile overlay closes with it).
 */
export function combobox(root: HTMLElement, onDone?: () => void) {
  const input = root.querySelector<HTMLInputElement>('input[role="combobox"]')!;
  const clearButton = root.querySelector<HTMLButtonElement>('.search__clear')!;
  const list = root.querySelector<HTMLUListElement>('[role="listbox"]')!;
  const status = root.querySelector<HTMLElement>('[role="status"]')!;

  let query = '';
  let open = false;
  let active = -1;
  let results: Hit[] = [];
  // True from a keystroke until its answer (or failure) is in: the "no match" line waits for it.
  let pending = false;
  let timer: number | undefined;
  let controller: AbortController | undefined;

  const render = () => {
    const showList = open && query.trim() !== '';
    input.setAttribute('aria-expanded', String(showList));
    if (showList && active >= 0) input.setAttribute('aria-activedescendant', `${list.id}-${active}`);
    else input.removeAttribute('aria-activedescendant');
    clearButton.hidden = query === '';
    list.hidden = !showList;
    const items: HTMLLIElement[] = [];
    if (showList && !pending && results.length === 0) {
      const li = document.createElement('li');
      li.className = 'search__empty';
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', 'false');
      li.setAttribute('aria-disabled', 'true');
      li.textContent = `No subjects found for “${query.trim()}”`;
      items.push(li);
    } else if (showList) {
      results.forEach((s, i) => {
        const li = document.createElement('li');
        li.id = `${list.id}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', String(i === active));
        li.dataset['id'] = s._id;
        const small = document.createElement('small');
        small.textContent = s.university;
        li.append(s.name, small);
        items.push(li);
      });
    }
    list.replaceChildren(...items);
    if (active >= 0) items[active]?.scrollIntoView({ block: 'nearest' });
    // Screen readers hear the outcome once it is known, not every keystroke.
    const said =
      !showList || pending
        ? ''
        : results.length === 0
          ? 'No subjects found'
          : `${results.length} ${results.length === 1 ? 'subject' : 'subjects'} found`;
    if (status.textContent !== said) status.textContent = said;
  };

  const search = async () => {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    try {
      const found = await fetchHits(query, current.signal);
      if (controller !== current) return;
      results = found;
    } catch (error) {
      if (current.signal.aborted) return;
      // Fetch failures are only logged: the search then stays empty (spec 1 section 8).
      console.error('Failed to fetch subjects for search', error);
      results = [];
    }
    pending = false;
    render();
  };

  const reset = () => {
    window.clearTimeout(timer);
    controller?.abort();
    controller = undefined;
    query = '';
    input.value = '';
    open = false;
    active = -1;
    results = [];
    pending = false;
    render();
  };
  const close = () => {
    reset();
    onDone?.();
  };
  const pick = (id: string) => {
    close();
    window.location.assign(subjectHref(id));
  };

  input.addEventListener('input', () => {
    query = input.value;
    open = true;
    active = -1;
    // The previous matches stay listed while the next ones load (no flicker).
    pending = query.trim() !== '';
    window.clearTimeout(timer);
    if (!pending) {
      controller?.abort();
      results = [];
    } else timer = window.setTimeout(() => void search(), DEBOUNCE_MS);
    render();
  });
  input.addEventListener('focus', () => {
    open = true;
    render();
  });
  // Later than a click on an option, which must still land.
  input.addEventListener('blur', () =>
    window.setTimeout(() => {
      open = false;
      render();
    }, 150),
  );
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      open = true;
      active = results.length ? (active + 1) % results.length : -1;
      render();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      active = results.length ? (active <= 0 ? results.length - 1 : active - 1) : -1;
      render();
    } else if (e.key === 'Enter') {
      const target = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (target) {
        e.preventDefault();
        pick(target._id);
      } else {
        // The box is a GET form to /search (for Enter before this code loads); here it navigates
        // itself with the trimmed text, and a blank box goes nowhere.
        e.preventDefault();
        if (query.trim()) window.location.assign(`/search?query=${encodeURIComponent(query.trim())}`);
      }
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  });
  clearButton.addEventListener('click', () => {
    close();
    input.focus();
  });
  // An option takes the click without taking the focus from the box.
  list.addEventListener('mousedown', (e) => e.preventDefault());
  list.addEventListener('click', (e) => {
    const id = (e.target as Element).closest<HTMLElement>('li[data-id]')?.dataset['id'];
    if (id) pick(id);
  });

  // Wired on the first focus: the box is focused already, and may hold what was typed while this
  // code loaded.
  open = document.activeElement === input;
  query = input.value;
  pending = query.trim() !== '';
  if (pending) void search();
  render();

  return { input, reset };
}
