import { useId, useState, type SubmitEvent } from 'react';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { lazy, prefetch } from '#site/lib/lazy.ts';
import { TextField } from '../common/fields.tsx';
import { rcLook } from './look.ts';

const contract = lazy(() => import('#schemas/recruitment.ts'));
const answer = schemaFrom(contract, 'messageResponse');

/**
 * "Forgot password?" where job seekers sign in (the application window and My applications): a
 * 6-digit code by e-mail, then a new password with it (the students' flow and messages). A
 * completed reset also confirms the address and signs out every device.
 */
export function ApplicantReset({
  email: initial,
  onDone,
}: {
  email: string;
  onDone: (email: string) => void;
}) {
  const id = useId();
  const [step, setStep] = useState<'request' | 'reset' | 'done'>('request');
  const [form, setForm] = useState({ email: initial, otp: '', password: '' });
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError('');
    let schemas;
    try {
      schemas = await contract();
    } catch {
      setError('An error occurred. Please try again later.');
      return;
    }
    const parsed =
      step === 'request'
        ? schemas.applicantForgotSchema.safeParse({ email: form.email })
        : schemas.applicantResetSchema.safeParse({ ...form, otp: form.otp.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'An error occurred. Please try again later.');
      return;
    }
    setBusy(true);
    try {
      const path = step === 'request' ? 'forgot-password' : 'reset-password';
      const res = await api(`/api/job-applicants/${path}`, {
        method: 'POST',
        body: parsed.data,
        schema: answer,
      });
      setNotice(res.message);
      setStep(step === 'request' ? 'reset' : 'done');
    } catch (err) {
      setError(
        err instanceof ApiError && err.message ? err.message : 'An error occurred. Please try again later.',
      );
    } finally {
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;
  return (
    <form
      className="rc-auth"
      onFocus={prefetch(contract)}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="rc-modal__subtitle">
        Reset your password
      </h3>
      {notice && (
        <p className="rc-notice" role="status">
          {notice}
        </p>
      )}
      {step === 'request' && (
        <>
          <p className="rc-muted">
            Enter the e-mail address of your applicant account. We will e-mail you a 6-digit code.
          </p>
          <TextField
            look={rcLook}
            id={`${id}-email`}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={set('email')}
            aria-describedby={described}
          />
        </>
      )}
      {step === 'reset' && (
        <>
          <TextField
            look={rcLook}
            id={`${id}-otp`}
            name="otp"
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={form.otp}
            onChange={set('otp')}
            aria-describedby={described}
          />
          <TextField
            look={rcLook}
            id={`${id}-password`}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            minLength={6}
            required
            value={form.password}
            onChange={set('password')}
            aria-describedby={described}
            hint="At least 6 characters."
          />
        </>
      )}
      {error && (
        <p id={errorId} className="rc-error" role="alert">
          {error}
        </p>
      )}
      {step !== 'done' && (
        <button type="submit" className="rc-btn rc-btn--primary rc-btn--block" disabled={busy}>
          {busy ? 'Please wait...' : step === 'request' ? 'Send code' : 'Set new password'}
        </button>
      )}
      <p className="rc-switch">
        <button type="button" className="link-button" onClick={() => onDone(form.email)}>
          Back to login
        </button>
      </p>
    </form>
  );
}
