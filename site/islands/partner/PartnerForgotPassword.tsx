import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '#site/lib/api.ts';
import { withQuery } from '../common/with-query.tsx';
import { useLazy } from '#site/lib/lazy.ts';
import { partnerContract, postPartner } from './contract.ts';
import { EmailField, TextField } from './fields.tsx';
import { FormCard } from './form-card.tsx';

const failed = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';

function ForgotPassword() {
  const [stage, setStage] = useState<'email' | 'reset' | 'done'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [info, setInfo] = useState('');
  const [failure, setFailure] = useState('');

  const [contract, loadContract, warmContract] = useLazy(partnerContract);
  const checks = ({ partnerEmailSchema, partnerResetSchema }: NonNullable<typeof contract>) => ({
    emailCheck: partnerEmailSchema.safeParse({ email }),
    resetCheck: partnerResetSchema.safeParse({ email, code, password }),
  });
  const { emailCheck, resetCheck } = contract
    ? checks(contract)
    : { emailCheck: undefined, resetCheck: undefined };
  const errors: Record<string, string> =
    submitted && contract
      ? {
          ...(stage === 'email'
            ? emailCheck?.success !== false
              ? {}
              : contract.fieldErrors(emailCheck.error)
            : resetCheck?.success !== false
              ? {}
              : contract.fieldErrors(resetCheck.error)),
          ...(stage === 'reset' && !confirm
            ? { confirm: 'Confirm password is required' }
            : stage === 'reset' && confirm !== password
              ? { confirm: 'Passwords must match' }
              : {}),
        }
      : {};

  const request = useMutation({
    mutationFn: () => postPartner('/api/partner/forgot-password', { email }, 'messageResponse'),
    onSuccess: (res) => {
      setInfo(res.message);
      setSubmitted(false);
      setStage('reset');
    },
    onError: (error) => setFailure(failed(error)),
  });

  const reset = useMutation({
    mutationFn: () =>
      postPartner('/api/partner/reset-password', { email, code, password }, 'messageResponse'),
    onSuccess: (res) => {
      setInfo(res.message);
      setStage('done');
    },
    onError: (error) => setFailure(failed(error)),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFailure('');
    let c;
    try {
      c = await loadContract();
    } catch (error) {
      setFailure(failed(error));
      return;
    }
    const { emailCheck, resetCheck } = checks(c);
    if (stage === 'email') {
      if (emailCheck.success) request.mutate();
    } else if (resetCheck.success && confirm === password) reset.mutate();
  };

  return (
    <FormCard
      eyebrow="Partner area"
      titleId="pt-forgot-title"
      title="Reset your password"
      onSubmit={onSubmit}
      onFocus={warmContract}
    >
      <div role="status" aria-live="polite" className="pt-live">
        {info && <p className="pt-banner pt-banner-info">{info}</p>}
      </div>

      {stage === 'email' && (
        <>
          <p className="pt-muted">
            Enter the owner email of your partner account. We will e-mail you a 6-digit code.
          </p>
          <EmailField value={email} onChange={setEmail} error={errors.email} />
          <button type="submit" className="pt-button pt-button-block" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send reset code'}
          </button>
        </>
      )}
      {stage === 'reset' && (
        <>
          <TextField
            id="code"
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
            error={errors.code}
          />
          <TextField
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={setPassword}
            error={errors.password}
            hint="At least 6 characters."
          />
          <TextField
            id="confirm-password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={setConfirm}
            error={errors.confirm}
          />
          <button type="submit" className="pt-button pt-button-block" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </button>
          <button
            type="button"
            className="pt-link-button"
            onClick={() => {
              setStage('email');
              setInfo('');
            }}
          >
            Use a different email or get a new code
          </button>
        </>
      )}
      {stage === 'done' && (
        <a className="pt-button pt-button-block" href="/login-partner-account">
          Go to partner login
        </a>
      )}

      {failure && (
        <p className="pt-banner pt-banner-error" role="alert">
          {failure}
        </p>
      )}
      <nav className="pt-links" aria-label="Other pages">
        <a href="/login-partner-account">Back to partner login</a>
        <a href="/become-our-partner-registerhere">Become a partner</a>
      </nav>
    </FormCard>
  );
}

export default withQuery(ForgotPassword);
