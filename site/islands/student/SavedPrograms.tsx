import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COMPARE_MAX, COMPARE_MIN } from '#schemas/finder-limits.ts';
import { savedListSchema, savedPrograms } from '#site/lib/saved-programs.ts';
import { studentSession } from '#site/lib/session.ts';
import { formatTuition } from '#site/lib/format.ts';
import { useSaved } from '../finder/SaveButton.tsx';

/**
 * The student dashboard's saved programs. The saved-programs store merges what
 * was saved in this browser before signing in; the list follows it.
 */
export default function SavedPrograms() {
  const store = useSaved();
  const list = useQuery({
    queryKey: ['student', 'saved-programs', store.ids.join(',')],
    queryFn: () => studentSession.call('/api/users/saved-programs', { schema: savedListSchema }),
    enabled: store.ready,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string) =>
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id].slice(-COMPARE_MAX)));
  const items = list.data?.items ?? [];
  return (
    <article className="st-card st-span-all" id="saved-programs" aria-labelledby="saved-programs-title">
      <h2 id="saved-programs-title">Saved programs</h2>
      {store.error && (
        <p className="st-error" role="alert">
          {store.error}
        </p>
      )}
      {!store.ready || list.isPending ? (
        <p className="st-muted" role="status">
          Loading your saved programs...
        </p>
      ) : list.isError ? (
        <p className="st-error" role="alert">
          Failed to load your saved programs.{' '}
          <button type="button" className="st-link" onClick={() => list.refetch()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="st-muted">
          You have not saved any programs yet. <a href="/courses">Browse programs</a> and press Save on the
          ones you like.
        </p>
      ) : (
        <>
          <ul className="st-list" aria-label="Saved programs" data-testid="saved-programs">
            {items.map(({ subjectId, program }) => (
              <li key={subjectId} className="st-list__item">
                <div>
                  {program ? (
                    <a href={`/subject/${subjectId}`} className="st-list__title">
                      {program.name}
                    </a>
                  ) : (
                    <span className="st-list__title">No longer offered</span>
                  )}
                  {program && (
                    <p className="st-muted">
                      {program.university} · {program.location} ·{' '}
                      {formatTuition(program.basePrice, program.currency)}
                    </p>
                  )}
                </div>
                <div className="st-row">
                  {program && (
                    <label>
                      <input
                        type="checkbox"
                        checked={chosen.includes(subjectId)}
                        onChange={() => toggle(subjectId)}
                      />{' '}
                      Compare<span className="visually-hidden"> {program.name}</span>
                    </label>
                  )}
                  <button
                    type="button"
                    className="st-button st-button--secondary"
                    onClick={() => void savedPrograms.toggle(subjectId)}
                  >
                    Remove<span className="visually-hidden"> {program?.name ?? subjectId}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <p className="st-muted">
            {chosen.length >= COMPARE_MIN ? (
              <a className="st-button" href={`/compare?ids=${chosen.map(encodeURIComponent).join(',')}`}>
                Compare {chosen.length} programs
              </a>
            ) : (
              `Tick ${COMPARE_MIN} to ${COMPARE_MAX} programs to compare them side by side.`
            )}
          </p>
        </>
      )}
    </article>
  );
}
