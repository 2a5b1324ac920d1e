import { useId, useState, type SubmitEvent } from 'react';
import { ApiError } from '../../lib/api.ts';
import type { ApplyResponse } from '../../../schemas/recruitment.ts';
import { Modal } from './Modal.tsx';
import { ApplicantAuth } from './ApplicantAuth.tsx';
import { applicantApi, clearApplicantToken, getApplicantToken } from './applicant-session.ts';

const MAX_BYTES = 10 * 1024 * 1024;
export const NO_TOKEN_MESSAGE = 'No authentication token found';

/**
 * The application modal (spec 2 section 4): step 1 log in or register, step 2 the resume and
 * cover letter. A stored token starts at step 2. Success: the spec's alert, then close and reload.
 */
export function ApplicationModal({ job, onClose }: { job: { _id: string; title: string; company?: string }; onClose: () => void }) {
  const [step, setStep] = useState<1 | 2>(() => (getApplicantToken() ? 2 : 1));
  return (
    <Modal open onClose={onClose} title={`Apply: ${job.title}`}>
      {job.company && <p className="rc-muted">{job.company}</p>}
      <ol className="rc-steps" aria-label="Application steps">
        <li aria-current={step === 1 ? 'step' : undefined}>1. Account</li>
        <li aria-current={step === 2 ? 'step' : undefined}>2. Application</li>
      </ol>
      {step === 1 ? (
        <ApplicantAuth onAuthenticated={() => setStep(2)} />
      ) : (
        <ApplicationStep jobId={job._id} onBack={() => setStep(1)} onClose={onClose} />
      )}
    </Modal>
  );
}

function ApplicationStep({ jobId, onBack, onClose }: { jobId: string; onBack: () => void; onClose: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [coverLetter, setCoverLetter] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError('');
    if (!file) return setError('Please choose your resume (PDF, DOC or DOCX).');
    if (!/\.(pdf|docx?)$/i.test(file.name)) return setError('Please upload your resume as a PDF, DOC or DOCX file');
    if (file.size > MAX_BYTES) return setError('File size must be less than 10MB');
    if (!coverLetter.trim()) return setError('Cover letter is required');
    if (!getApplicantToken()) return setError(NO_TOKEN_MESSAGE);
    const body = new FormData();
    body.append('resume', file);
    body.append('coverLetter', coverLetter);
    setBusy(true);
    try {
      const res = await applicantApi<ApplyResponse>(`/api/jobs/${encodeURIComponent(jobId)}/apply`, { method: 'POST', body });
      window.alert(`Application submitted! File ${res.fileDetails.originalname} uploaded successfully.`);
      onClose();
      window.location.reload();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) clearApplicantToken();
      setError(err instanceof ApiError && err.message ? err.message : 'Application failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <form className="rc-apply" onSubmit={submit} noValidate>
      <div className="rc-field">
        <label htmlFor={`${id}-resume`}>Resume (PDF)</label>
        <input id={`${id}-resume`} name="resume" type="file" accept=".pdf,.doc,.docx" required aria-describedby={`${id}-resume-hint${error ? ` ${errorId}` : ''}`} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <p id={`${id}-resume-hint`} className="rc-hint">PDF, DOC or DOCX, up to 10 MB.</p>
      </div>
      <div className="rc-field">
        <label htmlFor={`${id}-cover`}>Cover letter</label>
        <textarea id={`${id}-cover`} name="coverLetter" rows={6} required value={coverLetter} onChange={(e) => setCoverLetter(e.target.value)} aria-describedby={error ? errorId : undefined} />
      </div>
      {error && <p id={errorId} className="rc-error" role="alert">{error}</p>}
      <div className="rc-actions">
        <button type="button" className="rc-btn rc-btn--ghost" onClick={onBack}>Back</button>
        <button type="submit" className="rc-btn rc-btn--primary" disabled={busy}>{busy ? 'Submitting...' : 'Submit application'}</button>
      </div>
      <p className="rc-hint"><a href="/my-applications">My applications</a></p>
    </form>
  );
}
