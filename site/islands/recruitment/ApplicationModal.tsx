import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, schemaFrom } from '#site/lib/api.ts';
import { upload } from '#site/lib/upload.ts';
import { recruitmentContract } from './contract.ts';
import { UploadStatus, useUpload } from '../common/upload-status.tsx';
import { Modal } from '../common/Modal.tsx';
import { TextArea } from '../common/fields.tsx';
import { rcLook } from './look.ts';
import { ApplicantAuth } from './ApplicantAuth.tsx';
import {
  applicantHeaders,
  checkApplicantSession,
  usableApplicantToken,
  applicantSession,
} from './applicant-session.ts';
import { pagePaths } from '#schemas/paths.ts';

const MAX_BYTES = 10 * 1024 * 1024;
export const NO_TOKEN_MESSAGE = 'No authentication token found';
export const EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/** What the person has put into step 2: kept across Back, a new sign-in and a failed upload. */
interface Draft {
  file: File | null;
  coverLetter: string;
}

/**
 * The application modal (spec 2 section 4): step 1 log in or register, step 2 the resume and
 * cover letter. A stored token skips step 1 only once it is known to work: not expired, and
 * accepted by the server (one small call). Success: the spec's alert, then close and reload.
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
    <Modal look="rc-modal" open onClose={onClose} title={`Apply: ${job.title}`}>
      {job.company && <p className="rc-muted">{job.company}</p>}
      <ol className="rc-steps" aria-label="Application steps">
        <li aria-current={step !== 2 ? 'step' : undefined}>1. Account</li>
        <li aria-current={step === 2 ? 'step' : undefined}>2. Application</li>
      </ol>
      {step === 'checking' ? (
        <p className="rc-muted" role="status">
          Checking your sign-in…
        </p>
      ) : step === 1 ? (
        <ApplicantAuth
          intro={ended ? 'Your session has ended. Please log in again.' : undefined}
          onAuthenticated={() => setStep(2)}
        />
      ) : (
        <ApplicationStep
          jobId={job._id}
          draft={draft}
          setDraft={setDraft}
          onBack={() => setStep(1)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ApplicationStep({
  jobId,
  draft,
  setDraft,
  onBack,
  onClose,
}: {
  jobId: string;
  draft: Draft;
  setDraft: (update: (d: Draft) => Draft) => void;
  onBack: () => void;
  onClose: () => void;
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
    if (!res) return;
    window.alert(`Application submitted! File ${res.fileDetails.originalname} uploaded successfully.`);
    onClose();
    window.location.reload();
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
          <label htmlFor={`${id}-resume`}>Resume (PDF)</label>
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
            PDF, DOC or DOCX, up to 10 MB.
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
        <div className="rc-actions">
          <button type="button" className="rc-btn rc-btn--ghost" onClick={onBack} disabled={sending.busy}>
            Back
          </button>
          <button type="submit" className="rc-btn rc-btn--primary" disabled={sending.busy}>
            {sending.busy ? 'Submitting...' : 'Submit application'}
          </button>
        </div>
        <p className="rc-hint">
          <a href={pagePaths.applicantDashboard}>My applications</a>
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
