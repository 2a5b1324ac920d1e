import { useState } from 'react';
import { useTypedBeforeHydration } from '#site/lib/typed-before-hydration.ts';
import { ApiError, NetworkError, api, schemaFrom } from '#site/lib/api.ts';
import { studentSession, takeReturnPath } from '#site/lib/session.ts';
import { storageKeys, writeJson } from '#site/lib/storage.ts';
import { prefetch } from '#site/lib/lazy.ts';
import { usersContract } from './contract.ts';
import { EmailField, Field, Notice } from './fields.tsx';
import { pagePaths } from '#schemas/paths.ts';
import { useSignInHint } from '#site/lib/sign-in-hint.ts';

interface Unverified {
  userId: string | null;
  message: string;
}

/**
 * Programs saved in this browser before signing in join the account's list now, loaded
 * only when there are some; a slow answer does not hold the sign-in (the next page merges then).
 */
async function mergeSavedAtSignIn() {
  if (!localStorage.getItem(storageKeys.savedPrograms)) return;
  const merge = import('#site/lib/saved-programs.ts').then((m) => m.syncSavedPrograms());
  await Promise.race([merge, new Promise((resolve) => setTimeout(resolve, 2000))]).catch(() => {});
}

/** /login: sign in as a student (spec 2 sections 2, 4, 5 and 8). */
export default function LoginForm() {
  const formRef = useTypedBeforeHydration();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [unverified, setUnverified] = useState<Unverified | null>(null);
  const [busy, setBusy] = useState(false);
  // Past the account's failure limit the sign-in ends with a code from the e-mail.
  const [codeSent, setCodeSent] = useState('');
  const [code, setCode] = useState('');
  // Sent here by registration or verification: the address filled in, and why the person is here.
  const note = useSignInHint(setEmail, () =>
    formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus(),
  );

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    setMessage('');
    setUnverified(null);
    const contract = await usersContract().catch(() => null);
    if (!contract) return setMessage('Login failed. Please check your credentials.');
    const { loginSchema, fieldErrors } = contract;
    const parsed = loginSchema.safeParse({ email, password, remember, ...(codeSent ? { code } : {}) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await api('/api/users/login', {
        method: 'POST',
        body: parsed.data,
        schema: schemaFrom(usersContract, 'loginResponse'),
      });
      if (!res.token || !res.user?.id || !res.user.email) {
        setMessage('Login successful but user data is incomplete. Please contact support.');
        return;
      }
      studentSession.save(res.token, res.user);
      await mergeSavedAtSignIn();
      location.assign(takeReturnPath(pagePaths.studentDashboard));
    } catch (error) {
      const refusal = error instanceof ApiError ? error.bodyAs(contract.failureBody) : null;
      if (error instanceof ApiError && error.status === 401 && refusal?.codeRequired) {
        setCodeSent(error.message);
        setCode('');
      } else if (error instanceof ApiError && error.status === 403 && refusal?.needsVerification) {
        setUnverified({ userId: refusal.userId ?? null, message: error.message });
      } else if (error instanceof ApiError) {
        setMessage(error.message || 'Login failed. Please check your credentials.');
      } else if (error instanceof NetworkError) {
        setMessage('No response from server. Please check your internet connection.');
      } else {
        setMessage('An error occurred. Please try again later.');
      }
    } finally {
      setBusy(false);
    }
  }

  async function verifyNow() {
    if (!unverified?.userId) return;
    // Take the person to the code step of registration with a fresh code (a send limit is fine:
    // the last code may still be valid, and the page offers Resend).
    await api('/api/users/resend-otp', {
      method: 'POST',
      body: { userId: unverified.userId },
      schema: schemaFrom(usersContract, 'messageResponse'),
    }).catch(() => undefined);
    writeJson(storageKeys.registrationSession, { step: 2, userId: unverified.userId, formData: { email } });
    location.assign('/registration-step-to-step');
  }

  return (
    <form
      ref={formRef}
      className="st-card st-auth"
      onFocus={prefetch(usersContract)}
      onSubmit={submit}
      noValidate
    >
      <h1>Sign in as a Student</h1>
      <p className="st-lead">Welcome back. Sign in to manage your profile and applications.</p>
      {note && !message && <Notice kind="info">{note}</Notice>}
      {message && <Notice kind="error">{message}</Notice>}
      {unverified && (
        <div className="st-notice st-notice--info" role="alert">
          <p>{unverified.message}</p>
          {unverified.userId && (
            <button type="button" className="st-button st-button--secondary" onClick={verifyNow}>
              Verify my account
            </button>
          )}
        </div>
      )}
      <EmailField
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        placeholder="you@example.com"
      />
      <Field
        label="Password"
        name="password"
        type={show ? 'text' : 'password'}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        addon={
          <button type="button" className="st-toggle" aria-pressed={show} onClick={() => setShow(!show)}>
            {show ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        }
      />
      {codeSent && (
        <>
          <Notice kind="info">{codeSent}</Notice>
          <Field
            label="Code from the e-mail"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
          />
        </>
      )}
      <div className="st-row st-row--between">
        <label className="st-check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />{' '}
          Remember me
        </label>
        <a href="/forgot-password">Forgot Password?</a>
      </div>
      <button type="submit" className="st-button" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
      <p className="st-alt">
        Don't have an account? <a href="/registration-step-to-step">Sign Up</a>
      </p>
      <p className="st-alt">
        Signing in for an organisation? <a href="/login-partner-account">Partner sign in</a>
      </p>
    </form>
  );
}
