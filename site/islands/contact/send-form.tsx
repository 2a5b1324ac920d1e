import { useState, type FormEvent } from 'react';

type Status = { kind: 'success' | 'error'; text: string } | null;

interface SendFormOptions {
  /** Posts the form's values; throws on failure (the API client throws `ApiError` or a network error). */
  send: (data: FormData) => Promise<unknown>;
  success: string;
  /** The text shown for a failure, chosen from what was thrown. */
  failure: (error: unknown) => string;
}

/**
 * The submit cycle both contact forms share: one request at a time, the outcome announced,
 * the fields cleared only after the server accepted them (so a failure loses nothing typed).
 */
export function useSendForm({ send, success, failure }: SendFormOptions) {
  const [status, setStatus] = useState<Status>(null);
  const [sending, setSending] = useState(false);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setSending(true);
    setStatus(null);
    try {
      await send(new FormData(form));
      setStatus({ kind: 'success', text: success });
      form.reset();
    } catch (error) {
      setStatus({ kind: 'error', text: failure(error) });
    } finally {
      setSending(false);
    }
  }
  return { status, sending, onSubmit };
}

/** The live region and the submit button, the same under both forms. */
export function SendFormFooter({ status, sending }: { status: Status; sending: boolean }) {
  return (
    <>
      <div aria-live="polite">{status && <p className={`alert alert--${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>{status.text}</p>}</div>
      <button type="submit" className="btn btn--primary" disabled={sending}>{sending ? 'Sending...' : 'Send Message'}</button>
    </>
  );
}
