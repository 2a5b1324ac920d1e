import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { subjectSearch } from '../../lib/subject-search.ts';
import { CloseIcon, SearchIcon } from '../common/icons.tsx';

/**
 * The header's subject search (spec 1 section 2.2): a combobox with a listbox of matches.
 * Arrow keys move, Enter opens the subject, Escape (or the clear button) closes and clears.
 */
function SearchCombobox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Typing settles for 150 ms before the server is asked.
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(query), 150);
    return () => window.clearTimeout(timer);
  }, [query]);
  // Fetch failures are only logged: the search then stays empty (spec 1 section 8).
  const { data, error, isFetching } = useQuery(subjectSearch(settled));
  if (error) console.error('Failed to fetch subjects for search', error);
  const results = query.trim() && !error ? (data?.results ?? []) : [];
  const pending = settled.trim() !== query.trim() || (isFetching && !data);
  const showList = open && query.trim() !== '';

  const close = () => {
    setQuery('');
    setOpen(false);
    setActive(-1);
    onDone?.();
  };
  const pick = (id: string) => {
    setQuery('');
    setOpen(false);
    onDone?.();
    window.location.assign(`/subject/${encodeURIComponent(id)}`);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (results.length ? (i + 1) % results.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (results.length ? (i <= 0 ? results.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter') {
      const target = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (target) {
        e.preventDefault();
        pick(target._id);
      } else if (query.trim()) {
        e.preventDefault();
        window.location.assign(`/search?query=${encodeURIComponent(query.trim())}`);
      }
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  return (
    <div className="search">
      <input
        ref={inputRef}
        className="search__input"
        type="search"
        role="combobox"
        aria-label="Search subjects"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Search subjects..."
        autoComplete="off"
        autoFocus={autoFocus}
        value={query}
        onChange={(e) => { setQuery(e.target.value); setOpen(true); setActive(-1); }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {query && (
        <button type="button" className="search__clear" aria-label="Clear search" onClick={() => { close(); inputRef.current?.focus(); }}>
          <CloseIcon />
        </button>
      )}
      <ul id={listId} role="listbox" aria-label="Matching subjects" className="search__results" hidden={!showList}>
        {showList && !pending && results.length === 0 && <li className="search__empty" role="option" aria-selected="false" aria-disabled="true">No subjects found for “{query.trim()}”</li>}
        {showList && results.map((s, i) => (
          <li key={s._id} id={`${listId}-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(s._id)}>
            {s.name}
            <small>{s.university}</small>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function SubjectSearch() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [overlay, setOverlay] = useState(false);
  const openOverlay = () => { setOverlay(true); dialogRef.current?.showModal(); };
  const closeOverlay = () => { dialogRef.current?.close(); };
  return (
    <>
      <div className="search__box"><SearchCombobox /></div>
      <button type="button" className="icon-btn search__mobile-trigger" aria-label="Search subjects" onClick={openOverlay}><SearchIcon /></button>
      <dialog ref={dialogRef} className="modal search-overlay-dialog" aria-labelledby="search-overlay-title" onClose={() => setOverlay(false)}>
        <div className="modal__body">
          <div className="search-overlay__head">
            <h2 id="search-overlay-title">Search Subjects</h2>
            <button type="button" className="icon-btn" aria-label="Close search" onClick={closeOverlay}><CloseIcon /></button>
          </div>
          {overlay && <SearchCombobox autoFocus onDone={closeOverlay} />}
        </div>
      </dialog>
    </>
  );
}
