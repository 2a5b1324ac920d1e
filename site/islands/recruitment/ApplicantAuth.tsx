import { useId, useState, type SubmitEvent } from 'react';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { lazy, prefetch } from '#site/lib/lazy.ts';
import { applicantSession } from './applicant-session.ts';
import { asksForSignInCode } from '#site/lib/sign-in-code.ts';
import { TextField } from '../common/fields.tsx';
import PasswordReset from '../common/PasswordReset.tsx';
import { ConfirmEmailNote } from './ConfirmEmailNote.tsx';
import { rcLook } from './look.ts';
import { useSignInHint } from '#site/lib/sign-in-hint.ts';

// The e-mail typed last, so Back from step 2 does not make the person type it again.
let lastEmail = '';

// The contract (and zod) loads on the form's first focus, not with the page.
const contract = lazy(() => import('#schemas/recruitment.ts'));

export const REGISTERED_MESSAGE = 'Registration successful! Please login to continue.';

/**
 * Step 1 of the application modal (and the 'My applications' sign-in): login by default, a toggle
 * to register. Register stores the returned token too, then asks the person to log in, and says
 * that applications wait until the e-mail address is confirmed.
 */
export function ApplicantAuth({ onAuthenticated, intro }: { onAuthenticated: () => void; intro?: string }) {
  const id = useId();
  const [mode, setMode] = useState<'login' | 'register' | 'forgot'>('login');
  const [form, setForm] = useState({ fullName: '', email: lastEmail, phone: '', password: '', code: '' });
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  // The address just registered: not confirmed yet, so its applications will wait for the link.
  const [registered, setRegistered] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Past the account's failure limit the sign-in ends with a code from the e-mail.
  const [codeSent, setCodeSent] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  // Sent here by the confirmation link's page: the address filled in, and why the person signs in again.
  const hint = useSignInHint(
    (fill) => setForm((f) => ({ ...f, email: fill(f.email) })),
    () => document.getElementById(`${id}-password`)?.focus(),
  );

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError('');
    setNotice('');
    setRegistered(null);
    let schemas;
    try {
      schemas = await contract();
    } catch {
      setError('Authentication failed');
      return;
    }
    const { applicantLoginSchema, applicantRegisterSchema } = schemas;
    const { code, ...fields } = form;
    const parsed =
      mode === 'login'
        ? applicantLoginSchema.safeParse(codeSent ? { ...fields, code } : fields)
        : applicantRegisterSchema.safeParse(fields);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Authentication failed');
      return;
    }
    setBusy(true);
    lastEmail = form.email;
    try {
      const res = await api(`/api/job-applicants/${mode}`, {
        method: 'POST',
        body: parsed.data,
        schema: schemaFrom(contract, 'applicantSignedInResponse'),
      });
      if (res.token) applicantSession.setToken(res.token);
      if (mode === 'register') {
        setNotice(REGISTERED_MESSAGE);
        setRegistered(form.email.trim());
        setMode('login');
        setForm((f) => ({ ...f, password: '' }));
      } else {
        onAuthenticated();
      }
    } catch (err) {
      if (asksForSignInCode(err)) {
        setCodeSent(true);
        setNotice(err.message);
        setForm((f) => ({ ...f, code: '' }));
      } else setError(err instanceof ApiError && err.message ? err.message : 'Authentication failed');
    } finally {
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;
  if (mode === 'forgot')
    return (
      <PasswordReset
        door="applicant"
        email={form.email}
        onBack={(email) => {
          setForm((f) => ({ ...f, email, password: '' }));
          setMode('login');
        }}
      />
    );
  return (
    <form onFocus={prefetch(contract)} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="modal__subtitle">
        {mode === 'login' ? 'Log in to apply' : 'Create your applicant account'}
      </h3>
      {intro && <p className="rc-muted">{intro}</p>}
      {(notice || (hint && mode === 'login' && !error)) && (
        <p className="rc-notice" role="status">
          {notice || hint}
        </p>
      )}
      {registered && <ConfirmEmailNote email={registered} />}
      {mode === 'register' && (
        <>
          <TextField
            look={rcLook}
            id={`${id}-name`}
            name="fullName"
            label="Full name"
            autoComplete="name"
            required
            value={form.fullName}
            onChange={set('fullName')}
            aria-describedby={described}
          />
          <TextField
            look={rcLook}
            id={`${id}-phone`}
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            required
            value={form.phone}
            onChange={set('phone')}
            aria-describedby={described}
          />
        </>
      )}
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
      <TextField
        look={rcLook}
        id={`${id}-password`}
        name="password"
        label="Password"
        type="password"
        minLength={6}
        required
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        value={form.password}
        onChange={set('password')}
        // One message for the whole form (below it), which every field points at.
        aria-describedby={described}
        hint={mode === 'register' ? 'At least 6 characters.' : undefined}
      />
      {mode === 'login' && codeSent && (
        <TextField
          look={rcLook}
          id={`${id}-code`}
          name="code"
          label="Code from the e-mail"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={form.code}
          onChange={set('code')}
          aria-describedby={described}
        />
      )}
      {mode === 'login' && (
        <p className="rc-forgot">
          <button type="button" className="link-button standalone-link" onClick={() => setMode('forgot')}>
            Forgot password?
          </button>
        </p>
      )}
      {error && (
        <p id={errorId} className="rc-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="rc-btn rc-btn--primary rc-btn--block" disabled={busy}>
        {busy ? 'Please wait...' : mode === 'login' ? 'Login' : 'Register'}
      </button>
      <p className="rc-switch">
        {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setMode(mode === 'login' ? 'register' : 'login');
            setError('');
            setNotice('');
            setRegistered(null);
          }}
        >
          {mode === 'login' ? 'Register' : 'Login'}
        </button>
      </p>
    </form>
  );
}
