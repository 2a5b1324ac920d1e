import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '#site/lib/api.ts';
import { postPartner } from './contract.ts';
import { FormCard } from './form-card.tsx';
import { withQuery } from '../common/with-query.tsx';
import { storageKeys } from '#site/lib/storage.ts';
import { leaveSignInHint } from '#site/lib/sign-in-hint.ts';
import { OTP_INCOMPLETE } from '#schemas/partner-text.ts';

const RESEND_SECONDS = 60;
const LENGTH = 6;

type Notice = { kind: 'error' | 'success' | 'info'; text: string } | null;

function verifyFailure(error: unknown) {
  if (error instanceof ApiError) {
    if (error.message && error.body) return error.message;
    if (error.status === 400) return 'Invalid or expired OTP. Please try again.';
    if (error.status === 404) return 'Account not found. Please register again.';
  }
  return 'OTP verification failed. Please try again.';
}

function VerifyForm() {
  const [email, setEmail] = useState<string | null>(null);
  const [digits, setDigits] = useState<string[]>(() => Array<string>(LENGTH).fill(''));
  const [seconds, setSeconds] = useState(RESEND_SECONDS);
  const [notice, setNotice] = useState<Notice>(null);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    const stored = localStorage.getItem(storageKeys.partnerEmail);
    if (!stored) {
      window.location.replace('/become-our-partner-registerhere');
      return;
    }
    setEmail(stored);
    boxes.current[0]?.focus();
  }, []);

  useEffect(() => {
    if (seconds <= 0) return;
    const t = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [seconds]);

  const code = digits.join('');
  const complete = /^\d{6}$/.test(code);

  const fill = (from: number, text: string) => {
    const incoming = text
      .replace(/\D/g, '')
      .slice(0, LENGTH - from)
      .split('');
    if (!incoming.length) return;
    setDigits((prev) => {
      const next = [...prev];
      incoming.forEach((d, i) => (next[from + i] = d));
      return next;
    });
    boxes.current[Math.min(from + incoming.length, LENGTH - 1)]?.focus();
  };

  const onChange = (i: number, value: string) => {
    const clean = value.replace(/\D/g, '');
    if (clean.length > 1) return fill(i, clean);
    setDigits((prev) => prev.map((d, j) => (j === i ? clean : d)));
    if (clean && i < LENGTH - 1) boxes.current[i + 1]?.focus();
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) boxes.current[i - 1]?.focus();
    if (e.key === 'ArrowLeft' && i > 0) boxes.current[i - 1]?.focus();
    if (e.key === 'ArrowRight' && i < LENGTH - 1) boxes.current[i + 1]?.focus();
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(i, e.clipboardData.getData('text'));
  };

  const verify = useMutation({
    mutationFn: () =>
      postPartner('/api/partner/verify-otp', { email: email ?? '', otp: code }, 'messageResponse'),
    onSuccess: () => {
      setNotice({ kind: 'success', text: 'Account verified successfully! Redirecting to login...' });
      leaveSignInHint({
        email: email ?? '',
        note: 'Your partner account is verified. Log in with your e-mail address and password.',
      });
      localStorage.removeItem(storageKeys.partnerEmail);
      localStorage.removeItem(storageKeys.partnerPhone);
      localStorage.removeItem(storageKeys.partnerRegistration);
      setTimeout(() => (window.location.href = '/login-partner-account'), 2000);
    },
    onError: (error) => setNotice({ kind: 'error', text: verifyFailure(error) }),
  });

  const resend = useMutation({
    // A new code for this page's own registration (the address may have others, with their own codes).
    mutationFn: () =>
      postPartner(
        '/api/partner/resend-otp',
        {
          email: email ?? '',
          registrationId: localStorage.getItem(storageKeys.partnerRegistration) ?? undefined,
        },
        'messageResponse',
      ),
    onSuccess: () => {
      setNotice({ kind: 'success', text: 'OTP has been resent to your email' });
      setDigits(Array<string>(LENGTH).fill(''));
      setSeconds(RESEND_SECONDS);
      boxes.current[0]?.focus();
    },
    onError: (error) => {
      const wait =
        error instanceof ApiError && error.status === 429
          ? /wait (\d+) seconds/.exec(error.message)?.[1]
          : undefined;
      if (wait) setSeconds(Number(wait));
      setNotice({
        kind: 'error',
        text:
          error instanceof ApiError && error.message
            ? error.message
            : 'Failed to resend OTP. Please try again.',
      });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) {
      setNotice({ kind: 'error', text: OTP_INCOMPLETE });
      return;
    }
    setNotice(null);
    verify.mutate();
  };

  if (!email)
    return (
      <div className="pt-card pt-narrow" aria-busy="true">
        <p className="pt-muted">Loading…</p>
      </div>
    );

  const done = verify.isSuccess;
  return (
    <FormCard
      eyebrow="Partner account"
      titleId="pt-verify-title"
      title="Verify your account"
      onSubmit={onSubmit}
    >
      <p className="pt-muted" id="pt-otp-help">
        Enter the 6-digit code we sent to <strong>{email}</strong>. The code is valid for 10 minutes.
      </p>

      <fieldset className="pt-otp">
        <legend className="pt-label">Verification code</legend>
        <div className="pt-otp-boxes">
          {digits.map((d, i) => (
            <input
              key={i}
              ref={(el) => {
                boxes.current[i] = el;
              }}
              className="pt-otp-box"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={LENGTH}
              autoComplete={i === 0 ? 'one-time-code' : 'off'}
              aria-label={`Digit ${i + 1} of 6`}
              aria-describedby="pt-otp-help"
              value={d}
              disabled={done}
              onChange={(e) => onChange(i, e.target.value)}
              onKeyDown={(e) => onKeyDown(i, e)}
              onPaste={(e) => onPaste(i, e)}
              onFocus={(e) => e.target.select()}
            />
          ))}
        </div>
      </fieldset>

      <div aria-live="polite" role="status" className="pt-live">
        {notice && notice.kind !== 'error' && (
          <p className={`pt-banner pt-banner-${notice.kind}`}>{notice.text}</p>
        )}
      </div>
      {notice?.kind === 'error' && (
        <p className="pt-banner pt-banner-error" role="alert">
          {notice.text}
        </p>
      )}

      <button
        type="submit"
        className="pt-button pt-button-block"
        disabled={!complete || verify.isPending || done}
      >
        {verify.isPending ? 'Verifying...' : 'Verify OTP'}
      </button>

      <div className="pt-resend">
        {seconds > 0 ? (
          <p className="pt-muted" aria-live="off">
            Didn't get the code? You can resend it in <span className="pt-timer">{seconds}s</span>
          </p>
        ) : (
          <button
            type="button"
            className="pt-link-button"
            onClick={() => resend.mutate()}
            disabled={resend.isPending || done}
          >
            {resend.isPending ? 'Resending...' : 'Resend OTP'}
          </button>
        )}
      </div>

      <nav className="pt-links" aria-label="Other pages">
        <a href="/become-our-partner-registerhere">Back to registration</a>
        <a href="/login-partner-account">Go to partner login</a>
      </nav>
    </FormCard>
  );
}

export default withQuery(VerifyForm);
