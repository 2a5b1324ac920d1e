import { useEffect, useId, useRef, useState } from 'react';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, schemaFrom } from '#site/lib/api.ts';
import { queryClient } from '#site/lib/query-client.ts';
import type { createSession } from '#site/lib/session.ts';
import { fieldMessages, type FieldMessages } from '#schemas/errors.ts';
import {
  DEVICE_SIGNED_OUT,
  NO_SUCH_DEVICE,
  WRONG_CURRENT_PASSWORD,
  accountSettingsPaths,
  type SettingsDoor,
} from '#schemas/account-settings-text.ts';
import type { SignedInDevice } from '#schemas/account-settings.ts';
import { TextField, type FieldLook } from './fields.tsx';
import { useFieldErrors } from './field-errors.ts';
import { LazyModal } from './LazyModal.tsx';
import { useSignOutEverywhere } from './use-sign-out-everywhere.ts';
import { ChangeEmail } from './ChangeEmail.tsx';
import {
  NETWORK_FAILURE,
  SettingsForm,
  failureText,
  messageAnswer,
  settingsContract,
} from './settings-form.tsx';
import '../../styles/account-settings.css';

// The password rules (zod) load when the form is first used, not with the dashboard: the dashboards
// ship no validation library before a person types.

// Answers are checked against their schemas in development only.
const devicesAnswer = schemaFrom(settingsContract, 'devicesResponse');

/** What the settings need of a door's session (site/lib/session.ts): its calls and its sign-out. */
type SettingsSession = Pick<ReturnType<typeof createSession>, 'call' | 'signOut'>;

/** The signed-in devices of the person behind one door, the newest sign-in first (the server's order). */
const devicesQuery = (door: SettingsDoor, call: SettingsSession['call']) =>
  queryOptions({
    queryKey: ['account-settings', door, 'devices'],
    queryFn: () => call(accountSettingsPaths[door].devices, { schema: devicesAnswer }),
    // An ended session answers 401 at once; asking again would only delay sending the person to sign in.
    retry: false,
    staleTime: 0,
    // Dropped once the settings close: a person who signs in again on this page (as someone else,
    // perhaps) never sees the list of the account before.
    gcTime: 0,
  });

// No year: a session lasts a week at most, and the line stays short enough for a phone's row.
const when = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const signedInWhen = (iso: string) => when.format(new Date(iso));

const look: FieldLook = {
  field: 'field',
  box: { className: 'acct__password' },
  hint: 'field__hint',
  error: 'field__error',
};

const isSessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

export interface AccountSettingsProps {
  /** Which door the person signed in at: its API prefix (schemas/account-settings-text.ts). */
  door: SettingsDoor;
  /** That door's session: the token its calls carry, and its sign-out. */
  session: SettingsSession;
  /** After "Sign out of all devices" ended every session, this one included: leave for the sign-in. */
  onSignedOut: () => void;
  /** The server refused this session (401): it ended elsewhere. */
  onSessionEnded: () => void;
  /** The level of the settings' heading (its parts' headings are one below). */
  headingLevel?: 2 | 3;
}

/**
 * "Sign-in and security" on each dashboard (students, partners, job seekers): the devices signed in
 * to the account, with "Sign out" on each other one and "Sign out of all devices", and the
 * password change, which signs the other devices out. The door is a prop: the same screens and
 * calls behind every door, each under its own API prefix and with its own token.
 */
export function AccountSettings({
  door,
  session,
  onSignedOut,
  onSessionEnded,
  headingLevel = 2,
}: AccountSettingsProps) {
  const id = useId();
  const Heading = headingTag(headingLevel);
  const level = headingLevel + 1;
  return (
    <section className="acct" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="acct__title">
        Sign-in and security
      </Heading>
      <Devices
        door={door}
        session={session}
        onSignedOut={onSignedOut}
        onSessionEnded={onSessionEnded}
        level={level}
      />
      <ChangePassword door={door} session={session} onSessionEnded={onSessionEnded} level={level} />
      <ChangeEmail door={door} session={session} onSessionEnded={onSessionEnded} level={level} />
    </section>
  );
}

/** The element of a heading at this level. */
const headingTag = (level: number) => `h${Math.min(level, 6)}` as 'h2';

function Devices({
  door,
  session,
  onSignedOut,
  onSessionEnded,
  level,
}: Omit<AccountSettingsProps, 'headingLevel'> & { level: number }) {
  const id = useId();
  const Heading = headingTag(level);
  const query = useQuery(devicesQuery(door, session.call));
  const [confirming, setConfirming] = useState<SignedInDevice | null>(null);
  const [announced, setAnnounced] = useState('');
  const [focusList, setFocusList] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const everywhere = useSignOutEverywhere(() => session.signOut({ everywhere: true }), onSignedOut);
  const ended = isSessionEnded(query.error);
  useEffect(() => {
    if (ended) onSessionEnded();
  }, [ended, onSessionEnded]);

  const { queryKey } = devicesQuery(door, session.call);
  const gone = (deviceId: string, message: string) => {
    queryClient.setQueryData(queryKey, (old) =>
      old ? { ...old, devices: old.devices.filter((d) => d.id !== deviceId) } : old,
    );
    setAnnounced(message);
    setConfirming(null);
    setFocusList(true);
  };
  // The row and its button are gone: the list's heading takes the focus the dialog would have given
  // back to the button. An effect, so it runs after the dialog's own clean-up has closed it (closing
  // a dialog returns the focus to what had it before).
  useEffect(() => {
    if (!focusList || confirming) return;
    setFocusList(false);
    headingRef.current?.focus();
  }, [focusList, confirming]);
  const signOut = useMutation({
    mutationFn: (deviceId: string) =>
      session.call(`${accountSettingsPaths[door].devices}/${encodeURIComponent(deviceId)}`, {
        method: 'DELETE',
        schema: messageAnswer,
      }),
    onSuccess: (answer, deviceId) => gone(deviceId, answer.message || DEVICE_SIGNED_OUT),
    onError: (error, deviceId) => {
      if (isSessionEnded(error)) onSessionEnded();
      // Signed out meanwhile (elsewhere, or it expired): what the person asked for is done.
      else if (error instanceof ApiError && error.status === 404) gone(deviceId, NO_SUCH_DEVICE);
    },
  });

  const devices = query.data?.devices ?? [];
  const others = devices.filter((d) => !d.current).length;
  return (
    <div className="acct__part">
      <Heading id={`${id}-devices`} className="acct__heading" tabIndex={-1} ref={headingRef}>
        Signed-in devices
      </Heading>
      <p className="acct__intro">
        The browsers and devices signed in to your account. Sign out any you do not recognise or no longer
        use.
      </p>
      {/* Two rows' room from the first paint (loading, one device and the note, or two devices): the
          parts below do not move when the list arrives. */}
      <div className="acct__devices" aria-busy={query.isPending}>
        {query.isPending || ended ? (
          <>
            <p className="visually-hidden" role="status">
              Loading your signed-in devices…
            </p>
            <ul className="acct__list" aria-hidden="true">
              <li className="acct__row acct__row--placeholder" />
              <li className="acct__row acct__row--placeholder" />
            </ul>
          </>
        ) : query.isError ? (
          <div className="acct__load-error" role="alert">
            <p>We could not load your signed-in devices. {failureText(query.error)}</p>
            <button type="button" className="btn btn--ghost" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <ul className="acct__list" aria-labelledby={`${id}-devices`}>
            {devices.map((device) => (
              <li key={device.id} className="acct__row">
                <div className="acct__device">
                  <p className="acct__name">
                    {device.device}
                    {device.current && <span className="acct__this">This device</span>}
                  </p>
                  <p className="acct__when">
                    Signed in <time dateTime={device.signedInAt}>{signedInWhen(device.signedInAt)}</time>
                  </p>
                </div>
                {!device.current && (
                  <button
                    type="button"
                    className="btn btn--ghost acct__sign-out"
                    onClick={() => {
                      signOut.reset();
                      setConfirming(device);
                    }}
                  >
                    Sign out
                    <span className="visually-hidden">
                      {' '}
                      {device.device}, signed in {signedInWhen(device.signedInAt)}
                    </span>
                  </button>
                )}
              </li>
            ))}
            {others === 0 && <li className="acct__row acct__row--note">No other device is signed in.</li>}
          </ul>
        )}
        <p className="acct__announce" role="status">
          {announced}
        </p>
      </div>
      <div className="acct__everywhere">
        <p className="field__hint">Signs out every device where you are signed in, this one included.</p>
        <button
          type="button"
          className="btn btn--danger"
          onClick={() => void everywhere.run()}
          disabled={everywhere.busy}
        >
          {everywhere.busy ? 'Signing out…' : 'Sign out of all devices'}
        </button>
        {everywhere.error && (
          <p className="field__error" role="alert">
            {everywhere.error}
          </p>
        )}
      </div>
      <LazyModal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Sign out this device?"
        dismissible={!signOut.isPending}
      >
        {confirming && (
          <>
            <p>
              <strong>{confirming.device}</strong>, signed in {signedInWhen(confirming.signedInAt)}, will be
              signed out. Whoever uses it will need your password to sign in again.
            </p>
            <div aria-live="assertive">
              {signOut.isError && !isSessionEnded(signOut.error) && (
                <p className="field__error" role="alert">
                  {failureText(signOut.error)}
                </p>
              )}
            </div>
            <div className="modal__actions">
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => setConfirming(null)}
                disabled={signOut.isPending}
              >
                Cancel
              </button>
              <button
                type="button"
                className="btn btn--danger btn--primary"
                onClick={() => signOut.mutate(confirming.id)}
                disabled={signOut.isPending}
              >
                {signOut.isPending ? 'Signing out…' : 'Sign out the device'}
              </button>
            </div>
          </>
        )}
      </LazyModal>
    </div>
  );
}

type PasswordField = 'currentPassword' | 'newPassword';

/**
 * Where a refused change is shown. The server names the fields its own checks refused (`fields`);
 * its other 400s are about one of the two passwords: the current one is not right, or the new one
 * is too common.
 */
function fieldsOfFailure(error: ApiError): FieldMessages {
  if (Object.keys(error.fields).length) return error.fields;
  if (error.message === WRONG_CURRENT_PASSWORD) return { currentPassword: error.message };
  return { newPassword: error.message };
}

function ChangePassword({
  door,
  session,
  onSessionEnded,
  level,
}: Pick<AccountSettingsProps, 'door' | 'session' | 'onSessionEnded'> & { level: number }) {
  const id = useId();
  const Heading = headingTag(level);
  const Result = headingTag(level + 1);
  const fieldId = (field: string) => `${id}-${field}`;
  const errors = useFieldErrors(fieldId);
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const [shown, setShown] = useState({ currentPassword: false, newPassword: false });
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form gave way to the result: the focus goes to its heading, not to the page.
    if (done) doneRef.current?.focus();
  }, [done]);

  const change = useMutation({
    mutationFn: (body: typeof values) =>
      session.call(accountSettingsPaths[door].changePassword, {
        method: 'POST',
        body,
        schema: messageAnswer,
      }),
    onSuccess: (answer) => {
      setValues({ currentPassword: '', newPassword: '' });
      setDone(answer.message);
      // The other devices were signed out with the change.
      void queryClient.invalidateQueries({ queryKey: ['account-settings', door, 'devices'] });
    },
    onError: (error) => {
      if (isSessionEnded(error)) onSessionEnded();
      else if (error instanceof ApiError && error.status === 400) errors.show(fieldsOfFailure(error));
      else setFailure(failureText(error));
    },
  });

  const submit = async () => {
    setFailure('');
    errors.clear();
    let rules;
    try {
      rules = await settingsContract();
    } catch {
      setFailure(NETWORK_FAILURE);
      return;
    }
    const parsed = rules.changePasswordSchema.safeParse(values);
    if (!parsed.success) errors.show(fieldMessages(parsed.error.issues));
    else change.mutate(parsed.data);
  };

  const field = (name: PasswordField, label: string, autoComplete: string, hint?: string) => (
    <TextField
      look={look}
      id={fieldId(name)}
      label={label}
      name={name}
      type={shown[name] ? 'text' : 'password'}
      autoComplete={autoComplete}
      required
      mark={false}
      hint={hint}
      error={errors.errors[name]}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        errors.clear(name);
      }}
      addon={
        <button
          type="button"
          className="acct__toggle"
          aria-controls={fieldId(name)}
          onClick={() => setShown((s) => ({ ...s, [name]: !s[name] }))}
        >
          {shown[name] ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      }
    />
  );

  return (
    <div className="acct__part">
      <Heading id={`${id}-title`} className="acct__heading">
        Change password
      </Heading>
      <div>
        <div aria-live="polite">
          {done && (
            <div className="acct__done">
              <Result className="acct__done-title" ref={doneRef} tabIndex={-1}>
                Password changed
              </Result>
              <p>{done}</p>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setDone('');
                  change.reset();
                }}
              >
                Change it again
              </button>
            </div>
          )}
        </div>
        {!done && (
          <SettingsForm
            titleId={`${id}-title`}
            onSubmit={() => void submit()}
            failure={failure}
            button={
              <button type="submit" className="btn btn--primary" disabled={change.isPending}>
                {change.isPending ? 'Changing…' : 'Change password'}
              </button>
            }
          >
            <p className="acct__intro">Changing it signs out every other device; this one stays signed in.</p>
            {field('currentPassword', 'Current password', 'current-password')}
            {field(
              'newPassword',
              'New password',
              'new-password',
              'At least 6 characters, and not a common password.',
            )}
          </SettingsForm>
        )}
      </div>
    </div>
  );
}
