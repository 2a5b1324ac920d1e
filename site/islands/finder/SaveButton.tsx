import { useSyncExternalStore } from 'react';
import { savedPrograms } from '#site/lib/saved-programs.ts';

/** The saved-programs store in a component: the list, whether it has loaded, and its last error. */
export const useSaved = () =>
  useSyncExternalStore(savedPrograms.subscribe, savedPrograms.getSnapshot, savedPrograms.getServerSnapshot);

/**
 * A save control for one program: "Save MSc …" until it is saved, then "Saved MSc …" with a filled
 * heart (the state in words, not only in colour). Its label says the state, so it
 * carries no aria-pressed (a toggle's label must not change with its state). Pressed again, it
 * removes the program. Disabled until the store has loaded in the browser.
 */
export function SaveButton({ id, name }: { id: string; name: string }) {
  const { ids, ready } = useSaved();
  const saved = ids.includes(id);
  return (
    <button
      type="button"
      className="save-btn"
      data-saved={saved || undefined}
      disabled={!ready}
      onClick={() => void savedPrograms.toggle(id)}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3.1 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.7 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
      <span>{saved ? 'Saved' : 'Save'}</span>
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
