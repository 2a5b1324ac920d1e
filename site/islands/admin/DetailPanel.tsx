import { useId, type ReactNode } from 'react';
import { AdminAlert } from './AdminAlert.tsx';

/**
 * The panel beside a list that shows one row (`#admin-detail`, focused when a row opens): its title
 * and Close, "Loading…" and a load failure from `query`, then `children` (drawn once the row is in).
 */
export function DetailPanel({
  title,
  onClose,
  query,
  children,
}: {
  title: string;
  onClose: () => void;
  query: { isPending: boolean; isError: boolean; error: unknown };
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section id="admin-detail" className="admin-detail" tabIndex={-1} aria-labelledby={titleId}>
      <div className="admin-detail__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="admin-button admin-button--quiet" onClick={onClose}>
          Close
        </button>
      </div>
      {query.isPending && <p>Loading…</p>}
      {query.isError && <AdminAlert error={query.error} />}
      {children}
    </section>
  );
}
