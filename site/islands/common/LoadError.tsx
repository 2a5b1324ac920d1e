import { goBackOr } from '#site/client-scripts/history-back.ts';

/**
 * The detail pages' error state (spec 1: 'Error Loading Data' with 'Go Back'). Going back is the
 * browser's history when the previous page was ours; a page opened directly falls back to its listing.
 */
export function LoadError({ message, fallbackHref }: { message: string; fallbackHref: string }) {
  return (
    <div className="container section">
      <div className="empty-state" role="alert">
        <h1>Error Loading Data</h1>
        <p>{message}</p>
        <button type="button" className="btn btn--primary" onClick={() => goBackOr(fallbackHref)}>
          Go Back
        </button>
      </div>
    </div>
  );
}
