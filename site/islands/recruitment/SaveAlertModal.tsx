import { useEffect, useRef, useState } from 'react';
import { ApiError, notInProduction, schemaFrom } from '#site/lib/api.ts';
import { describeAlert } from '#schemas/job-alerts-text.ts';
import { ApplicantAuth } from './ApplicantAuth.tsx';
import { applicantApi, applicantSession } from './applicant-session.ts';
import { pagePaths } from '#schemas/paths.ts';
import { Modal } from '../common/Modal.tsx';
// Its own rules: whichever page opens it has them.
import '../../styles/recruitment.css';

/**
 * "Save this search as an alert" (loaded on the first click, not with the job list): signs the
 * applicant in if needed, then saves the list's current search and says what happens next.
 */
export function SaveAlertModal({
  search,
  onClose,
}: {
  search: { keywords: string; category: string; location?: string };
  onClose: () => void;
}) {
  const [signedIn, setSignedIn] = useState(() => applicantSession.getToken() !== null);
  const [state, setState] = useState<
    { kind: 'saving' } | { kind: 'saved'; message: string } | { kind: 'error'; message: string }
  >({ kind: 'saving' });
  const started = useRef(false);
  const label = describeAlert({
    keywords: search.keywords || null,
    category: search.category || null,
    location: search.location || null,
  });

  useEffect(() => {
    if (!signedIn || started.current) return;
    started.current = true;
    applicantApi('/api/job-alerts', {
      method: 'POST',
      body: { keywords: search.keywords, category: search.category, location: search.location ?? '' },
      schema: schemaFrom(
        () => (import.meta.env.DEV ? import('#schemas/job-alerts.ts') : notInProduction()),
        'jobAlertCreatedSchema',
      ),
    })
      .then((res) => setState({ kind: 'saved', message: res.message }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          // An ended session: sign in again, then save.
          applicantSession.clear();
          started.current = false;
          setSignedIn(false);
          return;
        }
        setState({
          kind: 'error',
          message: error instanceof Error ? error.message : 'We could not save the alert. Please try again.',
        });
      });
  }, [signedIn, search.keywords, search.category, search.location]);

  return (
    <Modal open onClose={onClose} title="Get alerts for jobs like these">
      <p>
        Search: <strong>{label}</strong>
      </p>
      {!signedIn ? (
        <ApplicantAuth
          intro="Log in with your job-applicant account (or register) to get new jobs for this search by e-mail."
          onAuthenticated={() => setSignedIn(true)}
        />
      ) : (
        <div aria-live="polite">
          {state.kind === 'saving' && <p className="rc-loading">Saving your alert...</p>}
          {state.kind === 'saved' && (
            <div role="status">
              <p className="rc-success">{state.message}</p>
              <p>
                Each e-mail has an unsubscribe link. See and delete your alerts on{' '}
                <a href={pagePaths.applicantDashboard}>My applications</a>.
              </p>
            </div>
          )}
          {state.kind === 'error' && (
            <p className="rc-error-box" role="alert">
              {state.message}
            </p>
          )}
          <button type="button" className="rc-btn rc-btn--primary" onClick={onClose}>
            Done
          </button>
        </div>
      )}
    </Modal>
  );
}
