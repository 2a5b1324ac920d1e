import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '#site/lib/api.ts';
import { asksForSignInCode } from '#site/lib/sign-in-code.ts';
import { withQuery } from '../common/with-query.tsx';
import { storageKeys } from '#site/lib/storage.ts';
import { useLazy } from '#site/lib/lazy.ts';
import { partnerContract, postPartner } from './contract.ts';
import { EmailField, CheckboxField, TextField } from './fields.tsx';
import { FormCard } from './form-card.tsx';
import { partnerSession } from './session.ts';
import { pagePaths } from '#schemas/paths.ts';
import { useSignInHint } from '#site/lib/sign-in-hint.ts';

function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [show, setShow] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [failure, setFailure] = useState('');
  const [unverified, setUnverified] = useState(false);
  // Past the account's failure limit the sign-in ends with a code from the e-mail.
  const [codeSent, setCodeSent] = useState('');
  const [code, setCode] = useState('');
  // Sent here by registration or verification: the address filled in, and why the person is here.
  const note = useSignInHint(setEmail, () => document.getElementById('password')?.focus());

  const [contract, loadContract, warmContract] = useLazy(partnerContract);
  const check = (c: NonNullable<typeof contract>) => {
    const parsed = c.partnerLoginSchema.safeParse({ email, password, remember });
    return parsed.success ? {} : c.fieldErrors(parsed.error);
  };
  const errors: Record<string, string> = contract ? check(contract) : {};
  const errorOf = (f: 'email' | 'password') => (touched[f] ? errors[f] : undefined);

  const login = useMutation({
    mutationFn: () =>
      postPartner(
        '/api/partner/login',
        { email, password, remember, ...(codeSent ? { code: code.trim() } : {}) },
        'partnerLoginResponse',
      ),
    onSuccess: (res) => {
      if (!res.token) {
        setFailure(res.message || 'Login failed');
        return;
      }
      partnerSession.save(res.token, res.partner);
      window.location.href = pagePaths.partnerDashboard;
    },
    onError: (error) => {
      if (asksForSignInCode(error)) {
        setCodeSent(error.message);
        setCode('');
        return;
      }
      if (error instanceof ApiError) {
        setUnverified(error.status === 403);
        const body: unknown = error.body;
        // The registration that password belongs to: the verification page resends for it.
        if (
          error.status === 403 &&
          typeof body === 'object' &&
          body &&
          'userId' in body &&
          typeof body.userId === 'string'
        )
          localStorage.setItem(storageKeys.partnerRegistration, body.userId);
        setFailure(error.message || 'Login failed. Please check your credentials.');
      } else setFailure('Login failed. Please check your credentials.');
    },
  });

  const newCode = useMutation({
    mutationFn: () =>
      postPartner(
        '/api/partner/resend-otp',
        { email, registrationId: localStorage.getItem(storageKeys.partnerRegistration) ?? undefined },
        'messageResponse',
      ),
    onSettled: (_data, error) => {
      // A 429 means a recent code is still on its way: the verification page can use it.
      if (error && !(error instanceof ApiError && error.status === 429)) {
        setFailure(
          error instanceof ApiError && error.message
            ? error.message
            : 'Failed to resend OTP. Please try again.',
        );
        return;
      }
      localStorage.setItem(storageKeys.partnerEmail, email.trim().toLowerCase());
      window.location.href = '/verify-your-partner-account';
    },
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ email: true, password: true });
    setFailure('');
    setUnverified(false);
    let c;
    try {
      c = await loadContract();
    } catch {
      setFailure('Login failed. Please check your credentials.');
      return;
    }
    const found = check(c);
    if (Object.keys(found).length) {
      document.getElementById(found.email ? 'email' : 'password')?.focus();
      return;
    }
    login.mutate();
  };

  return (
    <FormCard
      eyebrow="Partner area"
      titleId="pt-login-title"
      title="Log in to your partner account"
      onSubmit={onSubmit}
      onFocus={warmContract}
    >
      {note && !failure && (
        <p className="pt-banner pt-banner-info" role="status">
          {note}
        </p>
      )}
      <EmailField
        placeholder="owner@company.com"
        value={email}
        error={errorOf('email')}
        onChange={setEmail}
        onBlur={() => setTouched((t) => ({ ...t, email: true }))}
      />
      <TextField
        id="password"
        label="Password"
        type={show ? 'text' : 'password'}
        autoComplete="current-password"
        required
        placeholder="Your password"
        value={password}
        error={errorOf('password')}
        onChange={setPassword}
        onBlur={() => setTouched((t) => ({ ...t, password: true }))}
        trailing={
          <button
            type="button"
            className="pt-toggle"
            onClick={() => setShow((s) => !s)}
            aria-pressed={show}
            aria-controls="password"
            aria-label={show ? 'Hide password' : 'Show password'}
          >
            {show ? 'HIDE' : 'SHOW'}
          </button>
        }
      />

      {codeSent && (
        <>
          <p className="pt-banner pt-banner-info" role="status">
            {codeSent}
          </p>
          <TextField
            id="sign-in-code"
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            placeholder="6-digit code"
            value={code}
            onChange={setCode}
          />
        </>
      )}

      <div className="pt-row-between">
        <CheckboxField id="remember" label="Remember me" checked={remember} onChange={setRemember} />
        <a href="/partner-forgot-password">Forgot Password?</a>
      </div>

      {failure && (
        <div className="pt-banner pt-banner-error" role="alert">
          <p>{failure}</p>
          {unverified && (
            <button
              type="button"
              className="pt-button pt-button-small"
              onClick={() => newCode.mutate()}
              disabled={newCode.isPending}
            >
              {newCode.isPending ? 'Sending...' : 'Send me a new code'}
            </button>
          )}
        </div>
      )}

      <button
        type="submit"
        className="pt-button pt-button-block"
        disabled={login.isPending || login.isSuccess}
      >
        {login.isPending ? 'Logging in...' : 'Log In'}
      </button>

      <p className="pt-footnote">
        New partner? <a href="/become-our-partner-registerhere">Sign Up</a>
      </p>
      <p className="pt-footnote">
        Are you a student? <a href={pagePaths.login}>Student login</a>
      </p>
    </FormCard>
  );
}

export default withQuery(LoginForm);
