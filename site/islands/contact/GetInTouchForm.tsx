import { useState, type FormEvent } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { contactMessages } from '../../../schemas/contact-messages.ts';

type Status = { kind: 'success' | 'error'; text: string } | null;

/** Landing-page 'Get In Touch' form (spec 1 sections 2.10 and 8): POST /api/sendsmsus. */
export default function GetInTouchForm() {
  const [status, setStatus] = useState<Status>(null);
  const [sending, setSending] = useState(false);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    setSending(true);
    setStatus(null);
    try {
      await api('/api/sendsmsus', {
        method: 'POST',
        body: { fullName: String(data.get('fullName') ?? ''), email: String(data.get('email') ?? ''), nnumber: String(data.get('nnumber') ?? ''), details: String(data.get('details') ?? '') },
      });
      setStatus({ kind: 'success', text: contactMessages.landingSuccess });
      form.reset();
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof ApiError ? contactMessages.landingFailure : contactMessages.landingNetwork });
    } finally {
      setSending(false);
    }
  }
  return (
    <form className="form card card__body" onSubmit={onSubmit} aria-labelledby="get-in-touch-title" data-testid="get-in-touch">
      <h3 id="get-in-touch-title">Get In Touch</h3>
      <p className="muted">Our experts reply within 24 hours.</p>
      <div className="field"><label htmlFor="git-name">Name</label><input id="git-name" name="fullName" autoComplete="name" required maxLength={120} /></div>
      <div className="field"><label htmlFor="git-email">Email</label><input id="git-email" name="email" type="email" autoComplete="email" required maxLength={254} /></div>
      <div className="field"><label htmlFor="git-phone">Phone</label><input id="git-phone" name="nnumber" type="tel" autoComplete="tel" required maxLength={40} /></div>
      <div className="field"><label htmlFor="git-message">Message</label><textarea id="git-message" name="details" required maxLength={5000} /></div>
      <div aria-live="polite">{status && <p className={`alert alert--${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>{status.text}</p>}</div>
      <button type="submit" className="btn btn--primary" disabled={sending}>{sending ? 'Sending...' : 'Send Message'}</button>
    </form>
  );
}
