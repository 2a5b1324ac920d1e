import { api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { contactMessages } from '#schemas/contact-messages.ts';
import type { HomeContactInput } from '#schemas/contact.ts';
import type { ComponentProps } from 'react';
import { TextArea, TextField } from '../common/fields.tsx';
import { SendFormFooter, contactLook, useSendForm } from './send-form.tsx';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const responsesContract = () => (import.meta.env.DEV ? import('#schemas/responses.ts') : notInProduction());

const names = ['firstName', 'lastName', 'email', 'phone', 'subject', 'country', 'message'] as const;

/**
 * Home-page contact form (spec 1 sections 2.10 and 8): POST /api/contact. The e-mail is the one
 * required field (we cannot answer without it), checked here and by the server with one schema.
 */
export default function HomeContactForm({ idPrefix = 'contact' }: { idPrefix?: string }) {
  const id = (f: string) => `${idPrefix}-${f}`;
  const { status, sending, fields, formProps } = useSendForm<HomeContactInput>({
    read: (data) =>
      Object.fromEntries(
        names.map((f) => [f, data.get(f)]).map(([f, v]) => [f, typeof v === 'string' ? v : '']),
      ) as HomeContactInput,
    rules: (m) => m.homeContactRules,
    // The answer's sentence is not shown: the form says the spec's own (contactMessages).
    send: (body) =>
      api('/api/contact', { method: 'POST', body, schema: schemaFrom(responsesContract, 'messageResponse') }),
    success: contactMessages.homeSuccess,
    failure: () => contactMessages.homeFailure,
    idOf: id,
  });
  const input = (
    f: (typeof names)[number],
    label: string,
    attrs: Omit<ComponentProps<typeof TextField>, 'look' | 'label'> = {},
  ) => <TextField look={contactLook} id={id(f)} name={f} label={label} {...attrs} error={fields.errors[f]} />;
  return (
    <form className="form" {...formProps} data-testid="home-contact">
      <div className="form__row">
        {input('firstName', 'First Name', { autoComplete: 'given-name', maxLength: 80 })}
        {input('lastName', 'Last Name', { autoComplete: 'family-name', maxLength: 80 })}
      </div>
      <div className="form__row">
        {input('email', 'Email', { type: 'email', autoComplete: 'email', maxLength: 254, required: true })}
        {input('phone', 'Phone', { type: 'tel', autoComplete: 'tel', maxLength: 40 })}
      </div>
      <div className="form__row">
        {input('subject', 'Subject', { maxLength: 200 })}
        {input('country', 'Country', { autoComplete: 'country-name', maxLength: 120 })}
      </div>
      <TextArea
        look={contactLook}
        id={id('message')}
        name="message"
        label="Message"
        maxLength={5000}
        error={fields.errors.message}
      />
      <SendFormFooter status={status} sending={sending} />
    </form>
  );
}
