import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { pagePaths } from '#schemas/paths.ts';
import type { InvitationResponse } from '#schemas/partner-members.ts';
import { TextField } from './fields.tsx';

const invitationAnswer = schemaFrom(() => import('#schemas/partner-members.ts'), 'invitationResponse');
const messageAnswer = schemaFrom(() => import('#schemas/responses.ts'), 'messageResponse');

const INVALID = 'This invitation link is not valid or has expired. Ask the organisation for a new one.';
const OFFLINE = 'We could not reach our server. Check your connection and try again; your link still works.';

type State =
  | { step: 'loading' }
  | { step: 'ready'; invitation: InvitationResponse }
  | { step: 'accepted'; message: string; email: string }
  | { step: 'refused'; message: string }
  | { step: 'offline' };

/**
 * The page an invitation to a partner organisation links to (functions/services/accounts/partner-members.ts):
 * an address new to us sets a password and becomes an account; one that is an account already gives
 * its password. Then the member signs in at the partner login. Nothing happens on opening: a button
 * (mail scanners open links too).
 */
export default function AcceptInvitation() {
  const [state, setState] = useState<State>({ step: 'loading' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const token = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const load = async () => {
    setState({ step: 'loading' });
    try {
      const invitation = await api(`/api/partner/invitation?t=${encodeURIComponent(token.current ?? '')}`, {
        schema: invitationAnswer,
      });
      setState({ step: 'ready', invitation });
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) setState({ step: 'refused', message: e.message });
      else setState({ step: 'offline' });
    }
  };

  useEffect(() => {
    token.current = new URLSearchParams(location.search).get('t');
    // Kept out of the address bar, history and bookmarks once read.
    if (token.current) history.replaceState(null, '', location.pathname);
    if (!token.current) setState({ step: 'refused', message: INVALID });
    else void load();
  }, []);
  useEffect(() => {
    if (state.step === 'accepted' || state.step === 'refused' || state.step === 'offline')
      heading.current?.focus();
  }, [state.step]);

  const submit = async (event: FormEvent, invitation: InvitationResponse) => {
    event.preventDefault();
    if (!password) return setError('Password is required');
    if (!invitation.hasAccount && password.length < 6)
      return setError('Password must be at least 6 characters');
    setError(undefined);
    setSending(true);
    try {
      const answer = await api('/api/partner/invitation/accept', {
        method: 'POST',
        body: { t: token.current, password },
        schema: messageAnswer,
      });
      setState({ step: 'accepted', message: answer.message, email: invitation.email });
    } catch (e) {
      // A wrong or too common password is the field's error; a used or expired link ends the page.
      if (e instanceof ApiError && e.status === 400 && e.message !== INVALID) setError(e.message);
      else if (e instanceof ApiError && e.status < 500) setState({ step: 'refused', message: e.message });
      else setError(OFFLINE);
    } finally {
      setSending(false);
    }
  };

  if (state.step === 'loading')
    return (
      <div className="pt-card pt-narrow" role="status">
        <p className="pt-muted">Opening your invitation…</p>
      </div>
    );
  if (state.step === 'ready') {
    const { invitation } = state;
    return (
      <form
        className="pt-card pt-narrow"
        onSubmit={(e) => void submit(e, invitation)}
        noValidate
        aria-labelledby="pt-invitation-title"
      >
        <p className="pt-eyebrow">Partner area</p>
        <h1 id="pt-invitation-title" className="pt-title">
          Join {invitation.companyName}
        </h1>
        <p>
          You are invited as <strong>{invitation.email}</strong>.{' '}
          {invitation.hasAccount
            ? 'This address has an account with us already: enter its password to join.'
            : 'Choose a password: with it and this address you sign in at the partner login.'}
        </p>
        <TextField
          id="password"
          label={invitation.hasAccount ? 'Your password' : 'Choose a password'}
          type="password"
          autoComplete={invitation.hasAccount ? 'current-password' : 'new-password'}
          required
          value={password}
          error={error}
          hint={invitation.hasAccount ? undefined : 'At least 6 characters.'}
          onChange={setPassword}
        />
        <div className="pt-actions">
          <button type="submit" className="pt-button pt-button-block" disabled={sending}>
            {sending ? 'Joining…' : `Join ${invitation.companyName}`}
          </button>
        </div>
        {invitation.hasAccount && (
          <p className="pt-footnote">
            Forgotten it? <a href="/partner-forgot-password">Set a new password</a>, then open this link
            again.
          </p>
        )}
      </form>
    );
  }
  return (
    <div className="pt-card pt-narrow" aria-live="polite">
      <p className="pt-eyebrow">Partner area</p>
      <h1 ref={heading} tabIndex={-1} className="pt-title">
        {state.step === 'accepted'
          ? 'You have joined'
          : state.step === 'refused'
            ? 'We could not open this invitation'
            : 'We could not reach our server'}
      </h1>
      <p role={state.step === 'accepted' ? undefined : 'alert'}>
        {state.step === 'offline' ? OFFLINE : state.message}
      </p>
      <div className="pt-actions">
        {state.step === 'offline' ? (
          <button type="button" className="pt-button" onClick={() => void load()}>
            Try again
          </button>
        ) : (
          <a className="pt-button" href={pagePaths.partnerLogin}>
            Go to the partner login
          </a>
        )}
      </div>
    </div>
  );
}
