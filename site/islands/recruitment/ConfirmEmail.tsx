import { useEffect, useRef, useState } from 'react';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { recruitmentContract } from './contract.ts';
import { pagePaths } from '#schemas/paths.ts';
import { leaveSignInHint } from '#site/lib/sign-in-hint.ts';

/** What My applications' sign-in says after a confirmation (site/lib/sign-in-hint.ts). */
const CONFIRMED = 'Your e-mail address is confirmed. Log in with your e-mail address and password.';

type Result =
  | { state: 'working' }
  | { state: 'done'; title: string; message: string }
  | { state: 'refused'; message: string }
  | { state: 'offline' };

/**
 * The page the confirmation e-mail's link opens: it sends the link's token to the API once and
 * says plainly what happened. A link used twice, expired or altered gets a clear answer, never an error page.
 */
export default function ConfirmEmail() {
  const [result, setResult] = useState<Result>({ state: 'working' });
  const token = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const send = async () => {
    if (!token.current)
      return setResult({
        state: 'refused',
        message:
          'This confirmation link is not complete. Open the link from the e-mail again, or log in to My applications to get a new one.',
      });
    setResult({ state: 'working' });
    try {
      const answer = await api('/api/job-applicants/confirm-email', {
        method: 'POST',
        body: { token: token.current },
        schema: schemaFrom(recruitmentContract, 'applicantConfirmResponse'),
      });
      // Confirming ends the sessions made before it: the sign-in this page leads to opens with the
      // address filled in and says why the person is signing in again.
      leaveSignInHint({ email: answer.email, note: CONFIRMED });
      setResult({
        state: 'done',
        title: answer.status === 'confirmed' ? 'E-mail address confirmed' : 'Already confirmed',
        message: answer.message,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setResult({ state: 'refused', message: error.message });
      else setResult({ state: 'offline' });
    }
  };

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    token.current = params.get('token');
    // The token has done its job once read: keep it out of the address bar, history and bookmarks.
    if (token.current) history.replaceState(null, '', location.pathname);
    void send();
  }, []);

  useEffect(() => {
    if (result.state !== 'working') heading.current?.focus();
  }, [result.state]);

  if (result.state === 'working')
    return (
      <p className="rc-loading" role="status">
        Confirming your e-mail address…
      </p>
    );
  return (
    <div className="rc-result" aria-live="polite">
      {result.state === 'done' && (
        <>
          <h2 ref={heading} tabIndex={-1}>
            {result.title}
          </h2>
          <p>{result.message}</p>
        </>
      )}
      {result.state === 'refused' && (
        <>
          <h2 ref={heading} tabIndex={-1}>
            We could not confirm your e-mail address
          </h2>
          <p role="alert">{result.message}</p>
        </>
      )}
      {result.state === 'offline' && (
        <>
          <h2 ref={heading} tabIndex={-1}>
            We could not reach our server
          </h2>
          <p role="alert">Check your connection and try again. Your link still works.</p>
          <button type="button" className="rc-btn rc-btn--primary" onClick={() => void send()}>
            Try again
          </button>
        </>
      )}
      <p>
        <a className="rc-btn rc-btn--ghost" href={pagePaths.applicantDashboard}>
          Go to My applications
        </a>
      </p>
    </div>
  );
}
