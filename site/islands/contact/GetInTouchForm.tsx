import { ApiError, api } from '../../lib/api.ts';
import { contactMessages } from '../../../schemas/contact-messages.ts';
import { SendFormFooter, useSendForm } from './send-form.tsx';

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/** Landing-page 'Get In Touch' form (spec 1 sections 2.10 and 8): POST /api/sendsmsus. */
export default function GetInTouchForm() {
  const { status, sending, onSubmit } = useSendForm({
    send: (data) => api('/api/sendsmsus', {
      method: 'POST',
      body: { fullName: text(data, 'fullName'), email: text(data, 'email'), nnumber: text(data, 'nnumber'), details: text(data, 'details') },
    }),
    success: contactMessages.landingSuccess,
    failure: (error) => (error instanceof ApiError ? contactMessages.landingFailure : contactMessages.landingNetwork),
  });
  return (
    <form className="form card card__body" onSubmit={onSubmit} aria-labelledby="get-in-touch-title" data-testid="get-in-touch">
      <h3 id="get-in-touch-title">Get In Touch</h3>
      <p className="muted">Our experts reply within 24 hours.</p>
      <div className="field"><label htmlFor="git-name">Name</label><input id="git-name" name="fullName" autoComplete="name" required maxLength={120} /></div>
      <div className="field"><label htmlFor="git-email">Email</label><input id="git-email" name="email" type="email" autoComplete="email" required maxLength={254} /></div>
      <div className="field"><label htmlFor="git-phone">Phone</label><input id="git-phone" name="nnumber" type="tel" autoComplete="tel" required maxLength={40} /></div>
      <div className="field"><label htmlFor="git-message">Message</label><textarea id="git-message" name="details" required maxLength={5000} /></div>
      <SendFormFooter status={status} sending={sending} />
    </form>
  );
}
