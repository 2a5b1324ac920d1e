import { api } from '../../lib/api.ts';
import { contactMessages } from '../../../schemas/contact-messages.ts';
import { SendFormFooter, useSendForm } from './send-form.tsx';

const fields = ['firstName', 'lastName', 'email', 'phone', 'subject', 'country', 'message'] as const;

/** Home-page contact form (spec 1 sections 2.10 and 8): POST /api/contact; only the e-mail type is checked. */
export default function HomeContactForm({ idPrefix = 'contact' }: { idPrefix?: string }) {
  const { status, sending, onSubmit } = useSendForm({
    send: (data) => api('/api/contact', { method: 'POST', body: Object.fromEntries(fields.map((f) => [f, String(data.get(f) ?? '')])) }),
    success: contactMessages.homeSuccess,
    failure: () => contactMessages.homeFailure,
  });
  const id = (f: string) => `${idPrefix}-${f}`;
  return (
    <form className="form" onSubmit={onSubmit} data-testid="home-contact">
      <div className="form__row">
        <div className="field"><label htmlFor={id('firstName')}>First Name</label><input id={id('firstName')} name="firstName" autoComplete="given-name" maxLength={80} /></div>
        <div className="field"><label htmlFor={id('lastName')}>Last Name</label><input id={id('lastName')} name="lastName" autoComplete="family-name" maxLength={80} /></div>
      </div>
      <div className="form__row">
        <div className="field"><label htmlFor={id('email')}>Email</label><input id={id('email')} name="email" type="email" autoComplete="email" maxLength={254} /></div>
        <div className="field"><label htmlFor={id('phone')}>Phone</label><input id={id('phone')} name="phone" type="tel" autoComplete="tel" maxLength={40} /></div>
      </div>
      <div className="form__row">
        <div className="field"><label htmlFor={id('subject')}>Subject</label><input id={id('subject')} name="subject" maxLength={200} /></div>
        <div className="field"><label htmlFor={id('country')}>Country</label><input id={id('country')} name="country" autoComplete="country-name" maxLength={120} /></div>
      </div>
      <div className="field"><label htmlFor={id('message')}>Message</label><textarea id={id('message')} name="message" maxLength={5000} /></div>
      <SendFormFooter status={status} sending={sending} />
    </form>
  );
}
