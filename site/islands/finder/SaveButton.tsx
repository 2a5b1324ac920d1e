import { useSyncExternalStore } from 'react';
import { savedPrograms } from '#site/lib/saved-programs.ts';

/** The saved-programs store in a component: the list, whether it has loaded, and its last error. */
export const useSaved = () =>
  useSyncExternalStore(savedPrograms.subscribe, savedPrograms.getSnapshot, savedPrograms.getServerSnapshot);

/**
 * A save toggle for one program: the same name always ("Save MSc …"), its state in aria-pressed and
 * a filled heart. Disabled until the store has loaded in the browser.
 */
export function SaveButton({ id, name }: { id: string; name: string }) {
  const { ids, ready } = useSaved();
  const saved = ids.includes(id);
  return (
    <button
      type="button"
      className="save-btn"
      aria-pressed={saved}
      disabled={!ready}
      onClick={() => void savedPrograms.toggle(id)}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3.1 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.7 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
      <span>Save</span>
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
