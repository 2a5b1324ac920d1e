import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#site/lib/api.ts';
import type { ZodType } from 'zod';
import {
  RECOVERY_CODE_COUNT,
  STAFF_EMAIL_CODE_WRONG,
  staffMfaEnabledSchema,
  staffMfaSetupSchema,
  staffSignedInSchema,
  type StaffProfile,
} from '#schemas/admin/index.ts';
import { adminApi, errorText } from './session.ts';
import { AdminAlert } from './AdminAlert.tsx';
import { companyName } from './brand.ts';
import { saveFile } from '#site/lib/save-file.ts';
import { messageResponse } from '#schemas/responses.ts';
import { TextField } from '../common/fields.tsx';
import { adminLook } from './look.ts';
import { AdminForm } from './AdminForm.tsx';

const post = <S extends ZodType>(path: string, body: Record<string, unknown>, schema: S) =>
  api(`/api/admin/auth${path}`, { method: 'POST', body, credentials: 'same-origin', schema });

interface CodeFieldProps {
  id: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
  /** The error the field is described by, when there is one. */
  describedBy?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** The 6-digit code field: numeric keyboard on phones, filled by password managers that keep codes. */
function CodeField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  ref,
  name = 'code',
  label = 'Code from your authenticator app',
  hint,
}: CodeFieldProps & { name?: string; label?: string; hint?: ReactNode }) {
  return (
    <TextField
      look={adminLook}
      id={id}
      ref={ref}
      label={label}
      hint={hint}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]{6,7}"
      maxLength={7}
      required
      className="admin-code"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={[describedBy, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined}
    />
  );
}

/** A typed code as the API takes it: digits only ("123 456" is how some people type it). */
export const typedCode = (code: string) => code.replace(/\s+/g, '');

/**
 * The code e-mailed to the staff address: asked for at a sign-in (an admin's first, or from a browser
 * the account does not know) and when turning two-step sign-in on from the back office.
 */
export function EmailCodeField({ email, ...field }: CodeFieldProps & { email: string }) {
  return (
    <CodeField
      {...field}
      name="email-code"
      label="Code from the e-mail"
      hint={
        <>
          Sent to <span>{email}</span>, your staff e-mail address. It works for 10 minutes.
        </>
      }
    />
  );
}

/**
 * The second step of signing in: a code from the authenticator app, or one of the recovery codes.
 * `onSignedIn` runs once the session cookie is set.
 */
export function CodeStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const fid = useId();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const input = useRef<HTMLDivElement>(null);
  const verify = useMutation({
    mutationFn: () => post('/mfa', useRecovery ? { recoveryCode: code } : { code }, staffSignedInSchema),
    onSuccess: onSignedIn,
  });
  useEffect(() => input.current?.querySelector('input')?.focus(), [useRecovery]);
  const err = verify.isError ? `${fid}-err` : undefined;
  return (
    <AdminForm onSubmit={() => verify.mutate()}>
      <h2>Two-step sign-in</h2>
      <p>
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.'
          : `Open your authenticator app and enter the 6-digit code it shows for ${companyName()}.`}
      </p>
      <div ref={input}>
        {useRecovery ? (
          <TextField
            look={adminLook}
            id={`${fid}-recovery`}
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={verify.isError || undefined}
            aria-describedby={err}
          />
        ) : (
          <CodeField
            id={`${fid}-code`}
            value={code}
            onChange={setCode}
            invalid={verify.isError}
            describedBy={err}
          />
        )}
      </div>
      <button type="submit" className="admin-button" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify'}
      </button>
      <div aria-live="assertive">{verify.isError && <AdminAlert error={verify.error} id={err} />}</div>
      <p>
        <button
          type="button"
          className="link-button admin-link"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            verify.reset();
          }}
        >
          {useRecovery
            ? 'Use a code from the authenticator app instead'
            : 'Lost your phone? Use a recovery code instead'}
        </button>
      </p>
      <p>
        <button type="button" className="link-button admin-link" onClick={onRestart}>
          Start again with e-mail and password
        </button>
      </p>
    </AdminForm>
  );
}

/** The recovery codes, shown once, with a way to keep them. */
function RecoveryCodes({
  codes,
  onContinue,
  continueLabel,
}: {
  codes: string[];
  onContinue?: (() => void) | undefined;
  continueLabel?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const download = () => {
    saveFile(
      new Blob(
        [`${companyName()} back office: recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`],
        { type: 'text/plain' },
      ),
      'back-office-recovery-codes.txt',
    );
  };
  return (
    <section aria-labelledby="recovery-heading">
      <h2 id="recovery-heading" ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h2>
      <p>
        If you lose your phone, each of these codes lets you sign in once. Keep them somewhere safe (a
        password manager, or printed). They are shown only now.
      </p>
      <ul className="admin-recovery-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <p>
        <button type="button" className="admin-button admin-button--quiet" onClick={download}>
          Download the codes
        </button>{' '}
        <button
          type="button"
          className="admin-button admin-button--quiet"
          onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}
        >
          Copy the codes
        </button>
      </p>
      {onContinue && (
        <button type="button" className="admin-button" onClick={onContinue}>
          {continueLabel ?? 'Continue'}
        </button>
      )}
    </section>
  );
}

/**
 * Setting up an authenticator: scan the QR code (or type the key), enter the first code, keep the
 * recovery codes. During sign-in (`signingIn`) the last step signs the person in. From the back
 * office (`emailCodeTo`, the staff address) a code e-mailed there comes with the first code: the
 * session may have been opened with the password alone, which must not be enough to link an app.
 */
export function Enrol({
  signingIn,
  emailCodeTo,
  onDone,
}: {
  signingIn: boolean;
  emailCodeTo?: string | undefined;
  onDone: (profile: StaffProfile) => void;
}) {
  const fid = useId();
  const [code, setCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const setup = useMutation({ mutationFn: () => post('/mfa/setup', {}, staffMfaSetupSchema) });
  // `again`: asked for by the person ("Send a new code"), not by the set-up starting.
  const sendCode = useMutation({
    mutationFn: (_again: boolean) => post('/mfa/email-code', {}, messageResponse),
  });
  const enable = useMutation({
    mutationFn: () =>
      post(
        '/mfa/enable',
        { code, ...(emailCodeTo ? { emailCode: typedCode(emailCode) } : {}) },
        staffMfaEnabledSchema,
      ),
  });
  const started = useRef(false);
  useEffect(() => {
    // One secret and one e-mail per visit of this step (React's development double effect must not make two).
    if (started.current) return;
    started.current = true;
    setup.mutate();
    if (emailCodeTo) sendCode.mutate(false);
  }, [setup, sendCode, emailCodeTo]);

  if (enable.isSuccess) {
    return (
      <RecoveryCodes
        codes={enable.data.recoveryCodes}
        onContinue={() => onDone(enable.data.staff)}
        continueLabel={signingIn ? 'I have saved my recovery codes: continue' : 'Done'}
      />
    );
  }
  if (setup.isPending || setup.isIdle)
    return <p className="admin-loading">Preparing your authenticator set-up…</p>;
  if (setup.isError) {
    return (
      <div role="alert" className="admin-error">
        <p>{errorText(setup.error)}</p>
        <button type="button" className="admin-button admin-button--quiet" onClick={() => setup.mutate()}>
          Try again
        </button>
      </div>
    );
  }
  const { qrSvg, secret, otpauthUrl } = setup.data;
  const err = enable.isError ? `${fid}-err` : undefined;
  // Which of the two codes the refusal is about: the e-mailed one has its own message.
  const emailCodeWrong = enable.isError && errorText(enable.error) === STAFF_EMAIL_CODE_WRONG;
  return (
    <AdminForm onSubmit={() => enable.mutate()}>
      <h2>Set up two-step sign-in</h2>
      {signingIn && (
        <p>
          Administrators sign in with a code from an authenticator app as well as their password. Set it up
          now: it takes a minute.
        </p>
      )}
      <ol className="admin-steps">
        <li>
          Install an authenticator app on your phone (for example Google Authenticator, Microsoft
          Authenticator, 1Password or Bitwarden).
        </li>
        <li>
          Scan this QR code with the app:
          <img
            className="admin-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
            alt={`QR code to add ${companyName()} to your authenticator app`}
            width={200}
            height={200}
          />
          <span>
            Cannot scan? Enter this key in the app instead:{' '}
            <code className="admin-secret" data-testid="totp-secret" data-otpauth={otpauthUrl}>
              {secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </span>
        </li>
        <li>
          Enter the 6-digit code the app now shows
          {emailCodeTo ? ', and the code we have e-mailed you.' : '.'}
        </li>
      </ol>
      <CodeField
        id={`${fid}-code`}
        value={code}
        onChange={setCode}
        invalid={enable.isError && !emailCodeWrong}
        describedBy={emailCodeWrong ? undefined : err}
      />
      {emailCodeTo && (
        <>
          <EmailCodeField
            id={`${fid}-email-code`}
            email={emailCodeTo}
            value={emailCode}
            onChange={setEmailCode}
            invalid={emailCodeWrong}
            describedBy={emailCodeWrong ? err : undefined}
          />
          <p>
            <button
              type="button"
              className="link-button admin-link"
              onClick={() => sendCode.mutate(true)}
              disabled={sendCode.isPending}
            >
              {sendCode.isPending ? 'Sending…' : 'Send a new code'}
            </button>
          </p>
          <div aria-live="polite">
            {sendCode.isError && <AdminAlert error={sendCode.error} />}
            {sendCode.isSuccess && sendCode.variables && (
              <p role="status" className="admin-muted">
                We have e-mailed you a new code.
              </p>
            )}
          </div>
        </>
      )}
      <button type="submit" className="admin-button" disabled={enable.isPending}>
        {enable.isPending ? 'Checking…' : 'Turn on two-step sign-in'}
      </button>
      <div aria-live="assertive">{enable.isError && <AdminAlert error={enable.error} id={err} />}</div>
    </AdminForm>
  );
}

/** The back office's "Two-step sign-in" page: its state, turning it on (editors), new recovery codes. */
export function Security({ me }: { me: StaffProfile }) {
  const fid = useId();
  const queryClient = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const [code, setCode] = useState('');
  const refreshed = (profile: StaffProfile) => {
    queryClient.setQueryData(['admin', 'me'], profile);
    setEnrolling(false);
  };
  const fresh = useMutation({
    mutationFn: () =>
      adminApi('/auth/mfa/recovery-codes', { method: 'POST', body: { code }, schema: staffMfaEnabledSchema }),
    onSuccess: () => setCode(''),
  });
  return (
    <>
      <h1>Two-step sign-in</h1>
      {me.mfa.enabled ? (
        <>
          <p className="admin-success" role="status">
            Two-step sign-in is on: you sign in with your password and a code from your authenticator app.
          </p>
          <p>
            Recovery codes left: <strong>{me.mfa.recoveryCodesLeft}</strong> of {RECOVERY_CODE_COUNT}.
          </p>
          {fresh.isSuccess ? (
            <RecoveryCodes
              codes={fresh.data.recoveryCodes}
              onContinue={() => {
                queryClient.setQueryData(['admin', 'me'], fresh.data.staff);
                fresh.reset();
              }}
              continueLabel="Done"
            />
          ) : (
            <AdminForm narrow onSubmit={() => fresh.mutate()}>
              <h2>Make new recovery codes</h2>
              <p>Your old recovery codes stop working. Confirm with a code from your authenticator app.</p>
              <CodeField
                id={`${fid}-code`}
                value={code}
                onChange={setCode}
                invalid={fresh.isError}
                describedBy={fresh.isError ? `${fid}-err` : undefined}
              />
              <button type="submit" className="admin-button" disabled={fresh.isPending}>
                Make new recovery codes
              </button>
              <div aria-live="assertive">
                {fresh.isError && (
                  <p id={`${fid}-err`} role="alert" className="admin-error">
                    {errorText(fresh.error)}
                  </p>
                )}
              </div>
            </AdminForm>
          )}
          <p className="admin-muted">
            Lost your phone and your recovery codes? Ask an administrator to reset your two-step sign-in.
          </p>
        </>
      ) : enrolling ? (
        <Enrol signingIn={false} emailCodeTo={me.email} onDone={refreshed} />
      ) : (
        <>
          <p>
            Two-step sign-in is off for your account. With it on, someone who learns your password still
            cannot sign in without your phone.
          </p>
          <button type="button" className="admin-button" onClick={() => setEnrolling(true)}>
            Set up two-step sign-in
          </button>
        </>
      )}
    </>
  );
}
