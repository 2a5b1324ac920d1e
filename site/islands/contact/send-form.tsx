import { useState, type InputEvent, type SubmitEvent } from 'react';
import { fieldMessages, type FieldMessages, type IssueLike } from '../../../schemas/errors.ts';
import { fieldErrorsFrom } from '../../lib/field-errors.ts';
import { lazy, prefetch } from '../../lib/lazy.ts';
import { useFieldErrors } from '../common/field-errors.tsx';

type Status = { kind: 'success' | 'error'; text: string } | null;

/** The contact contract (zod) loads on the form's first focus, not with the page. */
export const contactContract = lazy(() => import('../../../schemas/contact.ts'));
type Contract = Awaited<ReturnType<typeof contactContract>>;

interface SendFormOptions<Body> {
  /** The request body from the form's values. */
  read: (data: FormData) => Body;
  /** The schema the route validates with (schemas/contact.ts): the form checks it before sending. */
  schema: (contract: Contract) => { safeParse(body: unknown): { success: true } | { success: false; error: { issues: readonly IssueLike[] } } };
  /** Posts the body; throws on failure (the API client throws `ApiError` or a network error). */
  send: (body: Body) => Promise<unknown>;
  success: string;
  /** The text shown for a failure that is not about particular fields, chosen from what was thrown. */
  failure: (error: unknown) => string;
  /** The id of a field's control (messages are linked to it). */
  idOf: (field: string) => string;
}

const fixFields = (fields: FieldMessages) => {
  const n = Object.keys(fields).length;
  return n === 1 ? 'Please correct the field marked below.' : `Please correct the ${n} fields marked below.`;
};

/**
 * The submit cycle both contact forms share: the route's own schema checked first, one request at
 * a time, every rejection (the form's check or the server's 400) shown beside its field, the
 * outcome announced, the fields cleared only after the server accepted them (a failure loses
 * nothing typed).
 */
export function useSendForm<Body>({ read, schema, send, success, failure, idOf }: SendFormOptions<Body>) {
  const [status, setStatus] = useState<Status>(null);
  const [sending, setSending] = useState(false);
  const fields = useFieldErrors(idOf);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = read(new FormData(form));
    setStatus(null);
    setSending(true);
    try {
      // When the contract cannot load (offline), the server still checks: send and let it answer.
      const checked = await contactContract().then((c) => schema(c).safeParse(body), () => null);
      if (checked && !checked.success) {
        const messages = fieldMessages(checked.error.issues);
        fields.show(messages, form);
        setStatus({ kind: 'error', text: fixFields(messages) });
        return;
      }
      fields.clear();
      await send(body);
      setStatus({ kind: 'success', text: success });
      form.reset();
    } catch (error) {
      const messages = fieldErrorsFrom(error);
      if (Object.keys(messages).length) {
        fields.show(messages, form);
        setStatus({ kind: 'error', text: fixFields(messages) });
      } else {
        setStatus({ kind: 'error', text: failure(error) });
      }
    } finally {
      setSending(false);
    }
  }

  return {
    status,
    sending,
    fields,
    /** Props for the <form>: submit, the contract's prefetch, a field's message cleared as it is edited. */
    formProps: {
      onSubmit,
      noValidate: true,
      onFocus: prefetch(contactContract),
      onInput: (e: InputEvent<HTMLFormElement>) => {
        const name = (e.target as HTMLInputElement).name;
        if (name) fields.clear(name);
      },
    },
  };
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
