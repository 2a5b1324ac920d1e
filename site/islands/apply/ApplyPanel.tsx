import { useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError, schemaFrom } from '#site/lib/api.ts';
import { usersContract } from '../student/contract.ts';
import { queryClient } from '#site/lib/query-client.ts';
import { withQuery } from '../common/with-query.tsx';
import { Modal } from '../common/Modal.tsx';
import { rememberReturnPath, studentSession } from '#site/lib/session.ts';
import '../../styles/student-base.css';
import { apiPaths, pagePaths } from '#schemas/paths.ts';

/**
 * The apply flow on /subject/{id} (spec 1 section 4): 'Log In to Continue' (remembers the page) or
 * 'Start Your Journey' with the confirmation dialog, 'Subscribing...', and a 'Success!' view that
 * closes itself after 3 seconds.
 */
export interface ApplyPanelProps {
  subjectId: string;
  subjectName: string;
}

const SUCCESS_CLOSE_MS = 3000;

export default withQuery(Panel);

type View = 'confirm' | 'submitting' | 'success';

function Panel({ subjectId, subjectName }: ApplyPanelProps) {
  // Judged in the browser only (the page is pre-rendered): undefined until hydrated.
  const [signedIn, setSignedIn] = useState<boolean | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('confirm');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => setSignedIn(!!studentSession.getToken()), []);

  useEffect(() => {
    if (view !== 'success') return;
    const t = setTimeout(() => close(), SUCCESS_CLOSE_MS);
    return () => clearTimeout(t);
  }, [view]);

  function close() {
    setOpen(false);
    setView('confirm');
    trigger.current?.focus();
  }

  function logIn() {
    rememberReturnPath();
    location.assign(pagePaths.login);
  }

  async function confirm() {
    setError('');
    if (!studentSession.getToken()) return setError('Authentication token not found. Please log in again.');
    if (!subjectId) return setError('Subject ID not found.');
    setView('submitting');
    try {
      const res = await studentSession.call(apiPaths.applications, {
        method: 'POST',
        body: { subjectId },
        schema: schemaFrom(usersContract, 'messageResponse'),
      });
      setMessage(res.message);
      setView('success');
      void queryClient.invalidateQueries({ queryKey: ['student', 'profile'] });
    } catch (e) {
      setView('confirm');
      if (e instanceof ApiError && e.status === 400)
        setError(e.message || 'You are already subscribed to this course.');
      else if (e instanceof ApiError && e.status === 401) {
        studentSession.clear();
        setSignedIn(false);
        setError('Authentication token not found. Please log in again.');
      } else if (e instanceof ApiError) setError(`Subscription failed with status: ${e.status}`);
      else if (e instanceof NetworkError) setError('Subscription failed. Please try again.');
      else setError('Subscription failed. Please try again.');
    }
  }

  return (
    <div className="st-apply">
      {signedIn === false ? (
        <button type="button" className="st-button st-button--block" onClick={logIn}>
          Log In to Continue
        </button>
      ) : (
        <button
          ref={trigger}
          type="button"
          className="st-button st-button--block"
          disabled={signedIn === undefined}
          onClick={() => {
            setError('');
            setView('confirm');
            setOpen(true);
          }}
        >
          Start Your Journey
        </button>
      )}
      <Modal open={open} onClose={close} labelledBy="apply-title" dismissible={view !== 'submitting'}>
        {view === 'success' ? (
          <div role="status">
            <h2 id="apply-title">Success!</h2>
            <p>{message}</p>
            <button type="button" className="st-button" onClick={close}>
              Close
            </button>
          </div>
        ) : (
          <>
            <h2 id="apply-title">Confirm Application</h2>
            <p>Are you sure you want to Apply to {subjectName}?</p>
            {error && (
              <p className="st-notice st-notice--error" role="alert">
                {error}
              </p>
            )}
            <div className="st-row st-row--end">
              <button
                type="button"
                className="st-button st-button--secondary"
                onClick={close}
                disabled={view === 'submitting'}
              >
                Cancel
              </button>
              {error.startsWith('Authentication token') ? (
                <button type="button" className="st-button" onClick={logIn}>
                  Log In
                </button>
              ) : (
                <button
                  type="button"
                  className="st-button"
                  onClick={confirm}
                  disabled={view === 'submitting'}
                >
                  {view === 'submitting' ? 'Subscribing...' : 'Confirm'}
                </button>
              )}
            </div>
          </>
        )}
      </Modal>
    </div>
  );
}
