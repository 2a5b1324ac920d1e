import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, schemaFrom } from '#site/lib/api.ts';
import { upload } from '#site/lib/upload.ts';
import { recruitmentContract } from './contract.ts';
import { UploadStatus, useUpload } from '../common/upload-status.tsx';
import { Modal } from '../common/Modal.tsx';
import { TextArea } from '../common/fields.tsx';
import { rcLook } from './look.ts';
import { ApplicantAuth } from './ApplicantAuth.tsx';
import { ConfirmEmailNote } from './ConfirmEmailNote.tsx';
import {
  applicantHeaders,
  checkApplicantSession,
  usableApplicantToken,
  applicantSession,
} from './applicant-session.ts';
import { pagePaths } from '#schemas/paths.ts';
import { pipelines } from '#schemas/pipelines.ts';
// Its own rules: whichever page opens it has them.
import '../../styles/recruitment.css';

const MAX_BYTES = 10 * 1024 * 1024;
export const NO_TOKEN_MESSAGE = 'No authentication token found';
export const EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/** An application the server accepted. */
interface Sent {
  fileName: string;
  /** Waiting for the applicant to confirm their e-mail address before it goes to the employer. */
  held: boolean;
}

/** What the person has put into step 2: kept across Back, a new sign-in and a failed upload. */
interface Draft {
  file: File | null;
  coverLetter: string;
}

/**
 * The application modal (spec 2 section 4): step 1 log in or register, step 2 the CV and cover
 * letter. A stored token skips step 1 only once it is known to work: not expired, and accepted by
 * the server (one small call). Success: the spec's message, in the window (not the browser's
 * alert), with what happens next, until the person closes it.
 */
export function ApplicationModal({
  job,
  onClose,
}: {
  job: { _id: string; title: string; company?: string };
  onClose: () => void;
}) {
  // A token was stored but has expired (usableApplicantToken removes it): say why step 1 is back.
  const [initial] = useState(() => {
    const stored = applicantSession.getToken() !== null;
    const usable = usableApplicantToken() !== null;
    return { step: usable ? ('checking' as const) : (1 as const), ended: stored && !usable };
  });
  const [step, setStep] = useState<'checking' | 1 | 2>(initial.step);
  const [ended, setEnded] = useState(initial.ended);
  const [draft, setDraft] = useState<Draft>({ file: null, coverLetter: '' });
  // The application went through: the name of the file the server stored, and whether the
  // application waits for the applicant's e-mail confirmation.
  const [sent, setSent] = useState<Sent | null>(null);

  useEffect(() => {
    if (step !== 'checking') return;
    let live = true;
    void checkApplicantSession().then((result) => {
      if (!live) return;
      setEnded(result === 'invalid');
      setStep(result === 'invalid' ? 1 : 2);
    });
    return () => {
      live = false;
    };
  }, [step]);

  return (
    <Modal open onClose={onClose} title={`Apply: ${job.title}`}>
      {job.company && <p className="rc-muted rc-apply__company">{job.company}</p>}
      {sent !== null ? (
        <Submitted sent={sent} onClose={onClose} />
      ) : (
        <>
          <ol className="rc-steps" aria-label="Application steps">
            <li aria-current={step !== 2 ? 'step' : undefined}>
              <span className="rc-steps__number">1</span> Account
            </li>
            <li aria-current={step === 2 ? 'step' : undefined}>
              <span className="rc-steps__number">2</span> Application
            </li>
          </ol>
          <Step
            step={step}
            ended={ended}
            jobId={job._id}
            draft={draft}
            setDraft={setDraft}
            onAuthenticated={() => setStep(2)}
            onBack={() => setStep(1)}
            onSent={setSent}
          />
        </>
      )}
    </Modal>
  );
}

/**
 * The window after a successful application: the spec's message, what happens next, where to follow
 * it, and, for an address not yet confirmed, that the application waits for the confirmation.
 */
function Submitted({ sent, onClose }: { sent: Sent; onClose: () => void }) {
  const titleId = useId();
  // A region, not one live region: the note inside it announces its own resend answer.
  return (
    <section className="rc-submitted" aria-labelledby={titleId}>
      <h3 id={titleId} className="modal__subtitle">
        Application submitted
      </h3>
      <p className="rc-notice" role="status">
        Application submitted! File {sent.fileName} uploaded successfully.
      </p>
      {sent.held && <ConfirmEmailNote />}
      <p>
        <strong>What happens next:</strong> {pipelines.job_application.stages.received.next} Follow your
        application on My applications.
      </p>
      <div className="modal__actions">
        <button type="button" className="rc-btn rc-btn--ghost" onClick={onClose}>
          Close
        </button>
        <a className="rc-btn rc-btn--primary" href={pagePaths.applicantDashboard}>
          My applications
        </a>
      </div>
    </section>
  );
}

function Step({
  step,
  ended,
  jobId,
  draft,
  setDraft,
  onAuthenticated,
  onBack,
  onSent,
}: {
  step: 'checking' | 1 | 2;
  ended: boolean;
  jobId: string;
  draft: Draft;
  setDraft: (update: (d: Draft) => Draft) => void;
  onAuthenticated: () => void;
  onBack: () => void;
  onSent: (sent: Sent) => void;
}) {
  return step === 'checking' ? (
    <p className="rc-muted" role="status">
      Checking your sign-in…
    </p>
  ) : step === 1 ? (
    <ApplicantAuth
      intro={ended ? 'Your session has ended. Please log in again.' : undefined}
      onAuthenticated={onAuthenticated}
    />
  ) : (
    <ApplicationStep jobId={jobId} draft={draft} setDraft={setDraft} onBack={onBack} onSent={onSent} />
  );
}

function ApplicationStep({
  jobId,
  draft,
  setDraft,
  onBack,
  onSent,
}: {
  jobId: string;
  draft: Draft;
  setDraft: (update: (d: Draft) => Draft) => void;
  onBack: () => void;
  onSent: (sent: Sent) => void;
}) {
  const id = useId();
  const [error, setError] = useState('');
  // Set when the session ended while the person was filling step 2: they sign in again here.
  const [reauth, setReauth] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const reauthRef = useRef<HTMLDivElement>(null);
  const sending = useUpload();
  const { file, coverLetter } = draft;

  // Back to step 1 and forward again remounts this step: put the chosen file back in the picker.
  useEffect(() => {
    const input = fileInput.current;
    if (!input || !file || input.files?.length) return;
    const chosen = new DataTransfer();
    chosen.items.add(file);
    input.files = chosen.files;
  }, [file]);

  const askToSignIn = (message: string) => {
    setError(message);
    setReauth(true);
    requestAnimationFrame(() =>
      reauthRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus(),
    );
  };

  async function send() {
    setError('');
    if (!file) return setError('Please choose your resume (PDF, DOC or DOCX).');
    if (!/\.(pdf|docx?)$/i.test(file.name))
      return setError('Please upload your resume as a PDF, DOC or DOCX file');
    if (file.size > MAX_BYTES) return setError('File size must be less than 10MB');
    if (!coverLetter.trim()) return setError('Cover letter is required');
    if (!applicantSession.getToken()) return askToSignIn(NO_TOKEN_MESSAGE);
    // Expired while the person was writing: sign in first rather than send 10 MB to be refused.
    if (!usableApplicantToken()) return askToSignIn(EXPIRED_MESSAGE);
    setReauth(false);
    const body = new FormData();
    body.append('resume', file);
    body.append('coverLetter', coverLetter);
    const res = await sending.run(
      ({ onProgress, signal }) =>
        upload(`/api/jobs/${encodeURIComponent(jobId)}/apply`, {
          body,
          headers: applicantHeaders(),
          onProgress,
          signal,
          schema: schemaFrom(recruitmentContract, 'applyResponse'),
        }),
      'Application failed. Please try again.',
      (err) => {
        if (!(err instanceof ApiError && err.status === 401)) return false;
        applicantSession.clear();
        askToSignIn(err.message || EXPIRED_MESSAGE);
        return true;
      },
    );
    if (res) onSent({ fileName: res.fileDetails.originalname, held: res.held });
  }

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    void send();
  };

  const errorId = `${id}-error`;
  return (
    <>
      <form className="rc-apply" onSubmit={submit} noValidate>
        <div className="field-stack rc-field">
          <label htmlFor={`${id}-resume`}>CV (PDF, DOC or DOCX)</label>
          <input
            ref={fileInput}
            id={`${id}-resume`}
            name="resume"
            type="file"
            accept=".pdf,.doc,.docx"
            required
            disabled={sending.busy}
            aria-describedby={`${id}-resume-hint${error ? ` ${errorId}` : ''}`}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setDraft((d) => ({ ...d, file: chosen }));
              sending.reset();
            }}
          />
          <p id={`${id}-resume-hint`} className="rc-hint">
            Up to 10 MB.
          </p>
          {file && (
            <UploadStatus
              state={sending.state}
              fileName={file.name}
              onRetry={() => void send()}
              onCancel={sending.cancel}
            />
          )}
        </div>
        <TextArea
          look={rcLook}
          id={`${id}-cover`}
          name="coverLetter"
          label="Cover letter"
          rows={6}
          required
          value={coverLetter}
          onChange={(e) => {
            const text = e.target.value;
            setDraft((d) => ({ ...d, coverLetter: text }));
          }}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="rc-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="rc-btn rc-btn--ghost" onClick={onBack} disabled={sending.busy}>
            Back
          </button>
          <button type="submit" className="rc-btn rc-btn--primary" disabled={sending.busy}>
            {sending.busy ? 'Submitting...' : 'Submit application'}
          </button>
        </div>
        <p className="rc-hint rc-apply__mine">
          Applied before? See them on <a href={pagePaths.applicantDashboard}>My applications</a>.
        </p>
      </form>
      {reauth && (
        <div ref={reauthRef} className="rc-reauth">
          <ApplicantAuth
            intro={`Log in again to send your application. Your resume${file ? ` (${file.name})` : ''} and cover letter are kept.`}
            onAuthenticated={() => {
              setReauth(false);
              void send();
            }}
          />
        </div>
      )}
    </>
  );
}
