import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { describeAlert, type JobAlertCreated } from '../../../schemas/job-alerts.ts';
import { Modal } from '../common/Modal.tsx';
import { ApplicantAuth } from './ApplicantAuth.tsx';
import { applicantApi, applicantSession } from './applicant-session.ts';

/**
 * "Save this search as an alert" (loaded on the first click, not with the job list): signs the
 * applicant in if needed, then saves the list's current search and says what happens next.
 */
export function SaveAlertModal({ search, onClose }: { search: { keywords: string; category: string; location?: string }; onClose: () => void }) {
  const [signedIn, setSignedIn] = useState(() => applicantSession.getToken() !== null);
  const [state, setState] = useState<{ kind: 'saving' } | { kind: 'saved'; message: string } | { kind: 'error'; message: string }>({ kind: 'saving' });
  const started = useRef(false);
  const label = describeAlert({ keywords: search.keywords || null, category: search.category || null, location: search.location || null });

  useEffect(() => {
    if (!signedIn || started.current) return;
    started.current = true;
    applicantApi<JobAlertCreated>('/api/job-alerts', { method: 'POST', body: { keywords: search.keywords, category: search.category, location: search.location ?? '' } })
      .then((res) => setState({ kind: 'saved', message: res.message }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          // An ended session: sign in again, then save.
          applicantSession.clear();
          started.current = false;
          setSignedIn(false);
          return;
        }
        setState({ kind: 'error', message: error instanceof Error ? error.message : 'We could not save the alert. Please try again.' });
      });
  }, [signedIn, search.keywords, search.category, search.location]);

  return (
    <Modal look="rc-modal" open onClose={onClose} title="Save this search as an alert">
      <p>Search: <strong>{label}</strong></p>
      {!signedIn ? (
        <ApplicantAuth intro="Log in with your job-applicant account (or register) to get new jobs for this search by e-mail." onAuthenticated={() => setSignedIn(true)} />
      ) : (
        <div aria-live="polite">
          {state.kind === 'saving' && <p className="rc-loading">Saving your alert...</p>}
          {state.kind === 'saved' && (
            <div role="status">
              <p className="rc-success">{state.message}</p>
              <p>Each e-mail has an unsubscribe link. See and delete your alerts on <a href="/my-applications">My applications</a>.</p>
            </div>
          )}
          {state.kind === 'error' && <p className="rc-error-box" role="alert">{state.message}</p>}
          <button type="button" className="rc-btn rc-btn--primary" onClick={onClose}>Done</button>
        </div>
      )}
    </Modal>
  );
}
