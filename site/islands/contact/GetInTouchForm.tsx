import { ApiError, api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { contactMessages } from '#schemas/contact-messages.ts';
import type { LandingContactInput } from '#schemas/contact.ts';
import { SendFormFooter, useSendForm } from './send-form.tsx';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const responsesContract = () => (import.meta.env.DEV ? import('#schemas/responses.ts') : notInProduction());

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** Landing-page 'Get In Touch' form (spec 1 sections 2.10 and 8): POST /api/sendsmsus, every field required. */
export default function GetInTouchForm() {
  const id = (field: string) => `git-${field}`;
  const { status, sending, fields, formProps } = useSendForm<LandingContactInput>({
    read: (data) => ({
      fullName: text(data, 'fullName'),
      email: text(data, 'email'),
      nnumber: text(data, 'nnumber'),
      details: text(data, 'details'),
    }),
    rules: (m) => m.landingContactRules,
    // The answer's sentence is not shown: the form says the spec's own (contactMessages).
    send: (body) =>
      api('/api/sendsmsus', {
        method: 'POST',
        body,
        schema: schemaFrom(responsesContract, 'messageResponse'),
      }),
    success: contactMessages.landingSuccess,
    failure: (error) =>
      error instanceof ApiError ? contactMessages.landingFailure : contactMessages.landingNetwork,
    idOf: id,
  });
  return (
    <form
      className="form card card__body"
      {...formProps}
      aria-labelledby="get-in-touch-title"
      data-testid="get-in-touch"
    >
      <h3 id="get-in-touch-title">Get In Touch</h3>
      <p className="muted">Our experts reply within 24 hours.</p>
      <div className="field">
        <label htmlFor={id('fullName')}>Name</label>
        <input
          id={id('fullName')}
          name="fullName"
          autoComplete="name"
          required
          maxLength={120}
          {...fields.control('fullName')}
        />
        {fields.message('fullName')}
      </div>
      <div className="field">
        <label htmlFor={id('email')}>Email</label>
        <input
          id={id('email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...fields.control('email')}
        />
        {fields.message('email')}
      </div>
      <div className="field">
        <label htmlFor={id('nnumber')}>Phone</label>
        <input
          id={id('nnumber')}
          name="nnumber"
          type="tel"
          autoComplete="tel"
          required
          maxLength={40}
          {...fields.control('nnumber')}
          aria-describedby={[fields.errors.nnumber ? `${id('nnumber')}-error` : '', `${id('nnumber')}-hint`]
            .filter(Boolean)
            .join(' ')}
        />
        <p id={`${id('nnumber')}-hint`} className="field__hint">
          Add the country code if outside the UK; “ext. 2” is fine.
        </p>
        {fields.message('nnumber')}
      </div>
      <div className="field">
        <label htmlFor={id('details')}>Message</label>
        <textarea
          id={id('details')}
          name="details"
          required
          maxLength={5000}
          {...fields.control('details')}
        />
        {fields.message('details')}
      </div>
      <SendFormFooter status={status} sending={sending} />
    </form>
  );
}
