import { ApiError, api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { contactMessages } from '#schemas/contact-messages.ts';
import type { LandingContactInput } from '#schemas/contact.ts';
import { TextArea, TextField } from '../common/fields.tsx';
import { SendFormFooter, contactLook, useSendForm } from './send-form.tsx';

// Every field here is required, so no label carries the marker (a star on each would say nothing).
const look = { ...contactLook, marker: undefined };

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
      <TextField
        look={look}
        id={id('fullName')}
        name="fullName"
        label="Name"
        autoComplete="name"
        required
        maxLength={120}
        error={fields.errors.fullName}
      />
      <TextField
        look={look}
        id={id('email')}
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={254}
        error={fields.errors.email}
      />
      <TextField
        look={look}
        id={id('nnumber')}
        name="nnumber"
        type="tel"
        label="Phone"
        autoComplete="tel"
        required
        maxLength={40}
        hint="Add the country code if outside the UK; “ext. 2” is fine."
        error={fields.errors.nnumber}
      />
      <TextArea
        look={look}
        id={id('details')}
        name="details"
        label="Message"
        required
        maxLength={5000}
        error={fields.errors.details}
      />
      <SendFormFooter status={status} sending={sending} />
    </form>
  );
}
