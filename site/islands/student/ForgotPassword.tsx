import { useState } from 'react';
import { api, schemaFrom } from '#site/lib/api.ts';
import { prefetch } from '#site/lib/lazy.ts';
import { usersContract } from './contract.ts';
import { EmailField, Field, Notice } from './fields.tsx';
import { failureMessage } from './messages.ts';
import { useTypedBeforeHydration } from '#site/lib/typed-before-hydration.ts';

/** /forgot-password: ask for a code by e-mail, then set a new password with it. */
export default function ForgotPassword() {
  const requestForm = useTypedBeforeHydration();
  const [step, setStep] = useState<'request' | 'reset' | 'done'>('request');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function request(event: { preventDefault(): void }) {
    event.preventDefault();
    const contract = await usersContract().catch(() => null);
    if (!contract) return setNotice({ kind: 'error', text: 'An error occurred. Please try again later.' });
    const { forgotPasswordSchema, fieldErrors } = contract;
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const res = await api('/api/users/forgot-password', {
        method: 'POST',
        body: parsed.data,
        schema: schemaFrom(usersContract, 'messageResponse'),
      });
      setNotice({ kind: 'info', text: res.message });
      setStep('reset');
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error, 'An error occurred. Please try again later.') });
    } finally {
      setBusy(false);
    }
  }

  async function reset(event: { preventDefault(): void }) {
    event.preventDefault();
    const contract = await usersContract().catch(() => null);
    if (!contract) return setNotice({ kind: 'error', text: 'An error occurred. Please try again later.' });
    const { resetPasswordSchema, fieldErrors } = contract;
    const parsed = resetPasswordSchema.safeParse({ email, otp: otp.trim(), password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const res = await api('/api/users/reset-password', {
        method: 'POST',
        body: parsed.data,
        schema: schemaFrom(usersContract, 'messageResponse'),
      });
      setNotice({ kind: 'success', text: res.message });
      setStep('done');
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error, 'An error occurred. Please try again later.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="st-card st-auth">
      <h1>Reset your password</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {step === 'request' && (
        <form ref={requestForm} onFocus={prefetch(usersContract)} onSubmit={request} noValidate>
          <p className="st-lead">
            Enter the e-mail address of your student account. We will e-mail you a 6-digit code.
          </p>
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <button type="submit" className="st-button" disabled={busy}>
            {busy ? 'Sending...' : 'Send Code'}
          </button>
        </form>
      )}
      {step === 'reset' && (
        <form onFocus={prefetch(usersContract)} onSubmit={reset} noValidate>
          <Field
            label="6-digit code"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={otp}
            onChange={(e) => setOtp(e.target.value)}
            error={errors.otp}
          />
          <Field
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            hint="At least 6 characters."
          />
          <button type="submit" className="st-button" disabled={busy}>
            {busy ? 'Saving...' : 'Set New Password'}
          </button>
          <button
            type="button"
            className="st-link"
            onClick={() => {
              setStep('request');
              setNotice(null);
            }}
          >
            Send a new code
          </button>
        </form>
      )}
      {step === 'done' && (
        <p>
          <a className="st-button" href="/login">
            Go to login
          </a>
        </p>
      )}
      <p className="st-alt">
        Remembered it? <a href="/login">Back to login</a>
      </p>
    </div>
  );
}
