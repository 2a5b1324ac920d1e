import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#site/lib/api.ts';
import type { ZodType } from 'zod';
import {
  RECOVERY_CODE_COUNT,
  staffMfaEnabledSchema,
  staffMfaSetupSchema,
  staffSignedInSchema,
  type StaffProfile,
} from '#schemas/admin/index.ts';
import { adminApi, errorText } from './session.ts';
import { AdminAlert } from './AdminAlert.tsx';
import { companyName } from './brand.ts';
import { saveFile } from '#site/lib/save-file.ts';
import { TextField } from '../common/fields.tsx';
import { adminLook } from './look.ts';
import { AdminForm } from './AdminForm.tsx';

const post = <S extends ZodType>(path: string, body: Record<string, unknown>, schema: S) =>
  api(`/api/admin/auth${path}`, { method: 'POST', body, credentials: 'same-origin', schema });

/** The 6-digit code field: numeric keyboard on phones, filled by password managers that keep codes. */
function CodeField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  label = 'Code from your authenticator app',
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
  describedBy?: string | undefined;
  label?: string;
}) {
  return (
    <TextField
      look={adminLook}
      id={id}
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]{6,7}"
      maxLength={7}
      required
      className="admin-code"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
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
 * recovery codes. During sign-in (`signingIn`) the last step signs the person in.
 */
export function Enrol({
  signingIn,
  onDone,
}: {
  signingIn: boolean;
  onDone: (profile: StaffProfile) => void;
}) {
  const fid = useId();
  const [code, setCode] = useState('');
  const setup = useMutation({ mutationFn: () => post('/mfa/setup', {}, staffMfaSetupSchema) });
  const enable = useMutation({ mutationFn: () => post('/mfa/enable', { code }, staffMfaEnabledSchema) });
  const started = useRef(false);
  useEffect(() => {
    // One secret per visit of this step (React's development double effect must not make two).
    if (started.current) return;
    started.current = true;
    setup.mutate();
  }, [setup]);

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
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <CodeField
        id={`${fid}-code`}
        value={code}
        onChange={setCode}
        invalid={enable.isError}
        describedBy={err}
      />
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
        <Enrol signingIn={false} onDone={refreshed} />
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
