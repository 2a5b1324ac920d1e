import { academicStatuses } from './academic-statuses.ts';
import { useEffect, useState } from 'react';
import { ApiError, api, schemaFrom } from '#site/lib/api.ts';
import { readJson, storageKeys, writeJson } from '#site/lib/storage.ts';
import { prefetch } from '#site/lib/lazy.ts';
import { usersContract } from './contract.ts';
import { EmailField, Field, Notice, SelectField } from './fields.tsx';
import { OtpBoxes } from './OtpBoxes.tsx';
import { failureMessage } from './messages.ts';
import {
  emptyRegistration as empty,
  formErrors,
  registrationBody,
  type RegistrationForm as FormData,
} from './registration.ts';
import { useTypedBeforeHydration } from '#site/lib/typed-before-hydration.ts';
import { leaveSignInHint } from '#site/lib/sign-in-hint.ts';

/** What survives a reload (never the password). */
/** What the sign-in page says when registration sends a person there (site/lib/sign-in-hint.ts). */
const ALREADY_REGISTERED =
  'This e-mail address already has an account. Sign in with its password, or use Forgot Password.';
const VERIFIED = 'Your account is verified. Sign in with your e-mail address and password.';

interface SavedSession {
  step: 1 | 2;
  userId: string | null;
  formData: Partial<Omit<FormData, 'password'>>;
}

const RESEND_SECONDS = 60;

/** /registration-step-to-step: Personal Info, then Verification (spec 2 sections 2, 4, 5, 8). */
export default function RegistrationWizard() {
  const [step, setStep] = useState<1 | 2>(1);
  const [userId, setUserId] = useState<string | null>(null);
  const [form, setForm] = useState<FormData>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{
    kind: 'success' | 'error' | 'info';
    text: string;
    /** The address has an account: offer to sign in to it, with the address filled in. */
    signInInstead?: boolean;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [digits, setDigits] = useState<string[]>(['', '', '', '', '', '']);
  const [otpError, setOtpError] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [restored, setRestored] = useState(false);

  // Restore the saved registration session on reload.
  useEffect(() => {
    const saved = readJson<SavedSession>(storageKeys.registrationSession);
    if (saved) {
      setForm({ ...empty, ...saved.formData });
      setUserId(saved.userId);
      if (saved.step === 2 && saved.userId) setStep(2);
    }
    setRestored(true);
  }, []);

  useEffect(() => {
    if (!restored) return;
    const { password: _p, ...formData } = form;
    writeJson(storageKeys.registrationSession, { step, userId, formData } satisfies SavedSession);
  }, [restored, step, userId, form]);
  // After the restore: what was typed before hydration is newer than what was saved.
  const infoForm = useTypedBeforeHydration();

  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  const update = (key: keyof FormData) => (e: { target: { value: string } }) => {
    // Read now: the updater runs later, after React may have put a controlled field back (a change
    // replayed at hydration, site/lib/typed-before-hydration.ts).
    const { value } = e.target;
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((er) => ({ ...er, [key]: '' }));
  };

  /** To the sign-in page, which opens with this address filled in and `note` (site/lib/sign-in-hint.ts). */
  function signInInstead(note: string) {
    leaveSignInHint({ email: form.email.trim(), note });
    localStorage.removeItem(storageKeys.registrationSession);
    location.assign('/login');
  }

  function goToLogin(text: string, note: string) {
    setMessage({ kind: 'info', text });
    leaveSignInHint({ email: form.email.trim(), note });
    localStorage.removeItem(storageKeys.registrationSession);
    setTimeout(() => location.assign('/login'), 1500);
  }

  function toVerification(id: string, text: string) {
    setUserId(id);
    setStep(2);
    setDigits(['', '', '', '', '', '']);
    setCountdown(RESEND_SECONDS);
    setMessage({ kind: 'success', text });
  }

  async function submitInfo(event: { preventDefault(): void }) {
    event.preventDefault();
    setMessage(null);
    const body = registrationBody(form);
    const contract = await usersContract().catch(() => null);
    if (!contract) return setMessage({ kind: 'error', text: 'Registration failed' });
    const { registerSchema, fieldErrors } = contract;
    const parsed = registerSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(formErrors(fieldErrors(parsed.error)));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const check = await api('/api/users/check-email', {
        method: 'POST',
        body: { email: parsed.data.email },
        schema: schemaFrom(usersContract, 'checkEmailResponse'),
      });
      if (check.exists && check.isComplete)
        return goToLogin('This email is already registered. Please log in.', ALREADY_REGISTERED);
      if (check.exists && check.isVerified)
        return goToLogin('Your account is already verified. Please log in.', ALREADY_REGISTERED);
      // An unfinished (unverified) address is registered again: a registration of its own, with its
      // own id and code, that cancels nobody's (the server never hands out another's id).
      const res = await api('/api/users/register/', {
        method: 'POST',
        body: parsed.data,
        schema: schemaFrom(usersContract, 'registerResponse'),
      });
      toVerification(res.userId, res.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setMessage({
          kind: 'error',
          text: 'This email or phone number is already registered. Please use a different one.',
          signInInstead: true,
        });
      } else {
        setMessage({ kind: 'error', text: failureMessage(error, 'Registration failed') });
      }
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: { preventDefault(): void }) {
    event.preventDefault();
    setMessage(null);
    const otp = digits.join('');
    const contract = await usersContract().catch(() => null);
    if (!contract) return setMessage({ kind: 'error', text: 'OTP verification failed' });
    const parsed = contract.otpSchema.safeParse(otp);
    if (!parsed.success) {
      setOtpError('OTP must be 6 digits');
      return;
    }
    setOtpError('');
    if (!userId) {
      setMessage({ kind: 'error', text: 'Unable to resend OTP. Please try registering again.' });
      return;
    }
    setBusy(true);
    try {
      const res = await api('/api/users/verify-otp', {
        method: 'POST',
        body: { userId, otp },
        schema: schemaFrom(usersContract, 'messageResponse'),
      });
      goToLogin(res.message || 'Account verified successfully! Redirecting to login...', VERIFIED);
    } catch (error) {
      setMessage({ kind: 'error', text: failureMessage(error, 'OTP verification failed') });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setMessage(null);
    if (!userId) {
      setMessage({ kind: 'error', text: 'Unable to resend OTP. Please try registering again.' });
      return;
    }
    setBusy(true);
    try {
      const res = await api('/api/users/resend-otp', {
        method: 'POST',
        body: { userId },
        schema: schemaFrom(usersContract, 'messageResponse'),
      });
      setDigits(['', '', '', '', '', '']);
      setCountdown(RESEND_SECONDS);
      setMessage({ kind: 'success', text: res.message || 'OTP has been resent to your email' });
    } catch (error) {
      setMessage({ kind: 'error', text: failureMessage(error, 'Failed to resend OTP') });
    } finally {
      setBusy(false);
    }
  }

  function back() {
    setStep(1);
    setMessage(null);
  }

  return (
    <div className="st-card st-auth st-auth--wide">
      <h1>Create your student account</h1>
      <ol className="st-steps" aria-label="Registration steps">
        <li aria-current={step === 1 ? 'step' : undefined} className={step === 1 ? 'is-current' : 'is-done'}>
          <span aria-hidden="true">1</span> Personal Info
        </li>
        <li aria-current={step === 2 ? 'step' : undefined} className={step === 2 ? 'is-current' : ''}>
          <span aria-hidden="true">2</span> Verification
        </li>
      </ol>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {message?.signInInstead && (
        <button
          type="button"
          className="st-button st-button--secondary"
          onClick={() => signInInstead(ALREADY_REGISTERED)}
        >
          Sign in instead
        </button>
      )}

      {step === 1 ? (
        <form
          ref={infoForm}
          onFocus={prefetch(usersContract)}
          onSubmit={submitInfo}
          noValidate
          className="st-grid"
        >
          <Field
            label="Full Name"
            name="fullname"
            autoComplete="name"
            value={form.fullname}
            onChange={update('fullname')}
            error={errors.fullname}
            placeholder="Enter your full name"
          />
          <SelectField
            label="Academic Status"
            name="academicstatus"
            value={form.academicstatus}
            onChange={update('academicstatus')}
            error={errors.academicstatus}
            options={academicStatuses}
            placeholder="Select your academic status"
          />
          <Field
            label="Contact Number"
            name="contactnumber"
            type="tel"
            autoComplete="tel"
            value={form.contactnumber}
            onChange={update('contactnumber')}
            error={errors.contactnumber}
            placeholder="+44 20 7946 0000"
          />
          <EmailField
            value={form.email}
            onChange={update('email')}
            error={errors.email}
            placeholder="you@example.com"
          />
          <Field
            className="st-span"
            label="Address"
            name="address"
            autoComplete="street-address"
            value={form.address}
            onChange={update('address')}
            error={errors.address}
            placeholder="Your current address"
          />
          <Field
            className="st-span"
            label="Password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            value={form.password}
            onChange={update('password')}
            error={errors.password}
            hint="At least 6 characters."
            addon={
              <button
                type="button"
                className="st-toggle"
                aria-pressed={showPassword}
                onClick={() => setShowPassword(!showPassword)}
              >
                {showPassword ? 'Hide' : 'Show'}
                <span className="visually-hidden"> password</span>
              </button>
            }
          />
          <button type="submit" className="st-button st-span" disabled={busy}>
            {busy ? 'Please wait...' : 'Next'}
          </button>
        </form>
      ) : (
        <form onFocus={prefetch(usersContract)} onSubmit={verify} noValidate>
          <p className="st-lead">
            Enter the 6-digit code we e-mailed to <strong>{form.email || 'your e-mail address'}</strong>. It
            is valid for 10 minutes.
          </p>
          <OtpBoxes
            value={digits}
            onChange={(d) => {
              setDigits(d);
              setOtpError('');
            }}
            describedBy={otpError ? 'otp-error' : undefined}
            invalid={!!otpError}
          />
          {otpError && (
            <p id="otp-error" className="st-error">
              {otpError}
            </p>
          )}
          <button type="submit" className="st-button" disabled={busy}>
            {busy ? 'Verifying...' : 'Verify OTP'}
          </button>
          <div className="st-row st-row--between">
            <button type="button" className="st-link" onClick={back}>
              Back
            </button>
            {countdown > 0 ? (
              <span className="st-muted">Resend code in {countdown}s</span>
            ) : (
              <button type="button" className="st-link" onClick={resend} disabled={busy}>
                Resend OTP
              </button>
            )}
          </div>
        </form>
      )}
      <p className="st-alt">
        Already have an account? <a href="/login">Log in</a>
      </p>
    </div>
  );
}
