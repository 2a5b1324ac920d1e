import { useEffect, useRef, useState } from 'react';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { pagePaths } from '#schemas/paths.ts';

const messageResponse = schemaFrom(() => import('#schemas/responses.ts'), 'messageResponse');

type Result =
  | { state: 'ready' }
  | { state: 'working' }
  | { state: 'done'; message: string }
  | { state: 'refused'; message: string }
  | { state: 'offline' };

/**
 * The page the "your e-mail address was changed" e-mail links to: one button puts the old address
 * back and signs every device out (functions/services/accounts/email-change.ts). A button, not an
 * action on opening: mail scanners open links too.
 */
export default function UndoEmailChange() {
  const [result, setResult] = useState<Result>({ state: 'ready' });
  const token = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    token.current = new URLSearchParams(location.search).get('t');
    // Kept out of the address bar, history and bookmarks once read.
    if (token.current) history.replaceState(null, '', location.pathname);
    if (!token.current) setResult({ state: 'refused', message: 'This link is not valid or has expired.' });
  }, []);
  useEffect(() => {
    if (result.state === 'done' || result.state === 'refused' || result.state === 'offline')
      heading.current?.focus();
  }, [result.state]);

  async function undo() {
    setResult({ state: 'working' });
    try {
      const answer = await api('/api/me/email-change/undo', {
        method: 'POST',
        body: { t: token.current },
        schema: messageResponse,
      });
      setResult({ state: 'done', message: answer.message });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setResult({ state: 'refused', message: error.message });
      else setResult({ state: 'offline' });
    }
  }

  if (result.state === 'ready' || result.state === 'working')
    return (
      <div className="rc-result">
        <p>
          If you did not change your account's e-mail address, put your old address back. Every device signed
          in to the account will be signed out.
        </p>
        <button
          type="button"
          className="rc-btn rc-btn--primary"
          onClick={() => void undo()}
          disabled={result.state === 'working'}
        >
          {result.state === 'working' ? 'Putting it back…' : 'Put my old address back'}
        </button>
      </div>
    );
  return (
    <div className="rc-result" aria-live="polite">
      <h2 ref={heading} tabIndex={-1}>
        {result.state === 'done'
          ? 'Your e-mail address is back'
          : result.state === 'refused'
            ? 'We could not put your address back'
            : 'We could not reach our server'}
      </h2>
      <p role={result.state === 'done' ? undefined : 'alert'}>
        {result.state === 'offline'
          ? 'Check your connection and try again. Your link still works.'
          : result.message}
      </p>
      {result.state === 'offline' && (
        <button type="button" className="rc-btn rc-btn--primary" onClick={() => void undo()}>
          Try again
        </button>
      )}
      <p>
        <a className="rc-btn rc-btn--ghost" href={pagePaths.login}>
          Sign in
        </a>
      </p>
    </div>
  );
}
