import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, NetworkError, schemaFrom } from '#site/lib/api.ts';
import { usersContract } from '../student/contract.ts';
import { queryClient } from '#site/lib/query-client.ts';
import { withQuery } from '../common/with-query.tsx';
import { Modal } from '../common/Modal.tsx';
import { rememberReturnPath, studentSession } from '#site/lib/session.ts';
import '../../styles/student-base.css';
import { apiPaths, pagePaths } from '#schemas/paths.ts';
import { pipelines, stageOf, timelinePath } from '#schemas/pipelines.ts';

/**
 * The apply flow on /subject/{id} (spec 1 section 4): 'Log In to Continue' (remembers the page) or
 * 'Start Your Journey' with the confirmation dialog and 'Subscribing...'. Where
 * the program lists more than one intake the student picks one (the next by default); the
 * 'Success!' view stays until the student closes it, says what happens next and links to the
 * dashboard; the button then reads 'Applied' and is disabled (also on a later visit).
 */
export interface ApplyPanelProps {
  subjectId: string;
  subjectName: string;
  /** The program's intakes, the next first (schemas/program-intakes.ts). */
  intakes: string[];
}

export default withQuery(Panel);

type View = 'confirm' | 'submitting' | 'success';

/** What happens after applying, in the pipeline's own words (the e-mail says the same). */
const NEXT_STEP = stageOf('subscription', pipelines.subscription.initial)?.next ?? '';

function Panel({ subjectId, subjectName, intakes }: ApplyPanelProps) {
  // Judged in the browser only (the page is pre-rendered): undefined until hydrated.
  const [signedIn, setSignedIn] = useState<boolean | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('confirm');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [intake, setIntake] = useState(intakes[0] ?? '');
  // The application made here: its id for the dashboard link.
  const [applied, setApplied] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const follow = useRef<HTMLAnchorElement>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const intakeId = useId();

  useEffect(() => setSignedIn(!!studentSession.getToken()), []);

  // The success view replaces the buttons that had the focus: its heading takes it, so a screen
  // reader starts there and the keyboard stays in the dialog, not on the page behind.
  useEffect(() => {
    if (view === 'success') successHeading.current?.focus();
  }, [view]);

  // A student who applied before (another visit, another device) sees 'Applied' too.
  const mine = useQuery({
    queryKey: ['student', 'applications'],
    enabled: signedIn === true,
    retry: false,
    queryFn: () =>
      studentSession.call(`${apiPaths.applications}/mine`, {
        schema: schemaFrom(usersContract, 'myApplicationsResponse'),
      }),
  });
  const earlier = mine.data?.applications.find((a) => a.subjectId === subjectId);
  const done = applied !== null || earlier !== undefined;

  function close() {
    setOpen(false);
    setView('confirm');
    // Back to the opener; once applied it is disabled, so to the dashboard link beside it.
    setTimeout(() => (follow.current ?? trigger.current)?.focus());
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
        body: intakes.length > 1 ? { subjectId, intake } : { subjectId },
        schema: schemaFrom(usersContract, 'applicationCreatedResponse'),
      });
      setMessage(res.message);
      setApplied(res.subscription._id);
      setView('success');
      void queryClient.invalidateQueries({ queryKey: ['student'] });
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

  const dashboard = applied
    ? timelinePath('subscription', applied)
    : earlier
      ? timelinePath('subscription', earlier._id)
      : pagePaths.studentDashboard;

  return (
    <div className="st-apply">
      {signedIn === false ? (
        <button type="button" className="st-button st-button--block" onClick={logIn}>
          Log In to Continue
        </button>
      ) : done ? (
        <>
          <button ref={trigger} type="button" className="st-button st-button--block" disabled>
            Applied
          </button>
          <p className="small">
            <a ref={follow} href={dashboard} className="standalone-link">
              Follow your application on your dashboard
            </a>
          </p>
        </>
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
          <div role="status" data-testid="apply-success">
            <h2 id="apply-title" ref={successHeading} tabIndex={-1}>
              Success!
            </h2>
            <p>{message}</p>
            {intakes.length > 1 && intake && <p>Intake: {intake}</p>}
            <p>
              <strong>What happens next:</strong> {NEXT_STEP} We have e-mailed you a confirmation.
            </p>
            <div className="st-row st-row--end">
              <a className="st-button st-button--secondary" href={dashboard}>
                Go to my dashboard
              </a>
              <button type="button" className="st-button" onClick={close}>
                Close
              </button>
            </div>
          </div>
        ) : (
          <>
            <h2 id="apply-title">Confirm Application</h2>
            <p>Are you sure you want to Apply to {subjectName}?</p>
            {intakes.length > 1 && (
              <div className="field">
                <label htmlFor={intakeId}>Intake</label>
                <select
                  id={intakeId}
                  value={intake}
                  disabled={view === 'submitting'}
                  onChange={(e) => setIntake(e.target.value)}
                >
                  {intakes.map((i, n) => (
                    <option key={i} value={i}>
                      {i}
                      {n === 0 ? ' (next intake)' : ''}
                    </option>
                  ))}
                </select>
              </div>
            )}
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
