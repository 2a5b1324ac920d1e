import { useState, type InputEvent, type SubmitEvent } from 'react';
import type { FieldMessages } from '#schemas/errors.ts';
import type { TextRule } from '#schemas/contact-rules.ts';
import { ApiError } from '#site/lib/api.ts';
import { useFieldErrors } from '../common/field-errors.ts';
import type { FieldLook } from '../common/fields.tsx';

/** The contact forms' classes (site/styles/global.css's `.field`), a required field's label ending in "*". */
export const contactLook: FieldLook = {
  field: 'field',
  hint: 'field__hint',
  error: 'field__error',
  marker: <span aria-hidden="true"> *</span>,
};

type Status = { kind: 'success' | 'error'; text: string } | null;

// The rules (and their messages) load on the form's first focus, not with the page: the home page
// is at its JavaScript budget, and nobody needs them before they start typing.
const loadRules = () => import('#schemas/contact-rules.ts');
type RulesModule = Awaited<ReturnType<typeof loadRules>>;

interface SendFormOptions<Body> {
  /** The request body from the form's values. */
  read: (data: FormData) => Body;
  /** The rules the route's schema is built from (schemas/contact-rules.ts): checked before sending. */
  rules: (module: RulesModule) => Record<string, TextRule>;
  /** Posts the body; throws on failure (the API client throws `ApiError` or a network error). */
  send: (body: Body) => Promise<unknown>;
  success: string;
  /** The text shown for a failure that is not about particular fields, chosen from what was thrown. */
  failure: (error: unknown) => string;
  /** The id of a field's control (messages are linked to it). */
  idOf: (field: string) => string;
}

const FIX_FIELDS = 'Please correct what is marked below.';
const some = (fields: FieldMessages) => Object.keys(fields).length > 0;

/**
 * The submit cycle both contact forms share: the route's own rules checked first, one request at
 * a time, every rejection (the form's check or the server's 400) shown beside its field, the
 * outcome announced, the fields cleared only after the server accepted them (a failure loses
 * nothing typed).
 */
export function useSendForm<Body extends Record<string, unknown>>({
  read,
  rules,
  send,
  success,
  failure,
  idOf,
}: SendFormOptions<Body>) {
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
      // Rules that cannot load (offline) leave the check to the server, whose answer shows the same way.
      const check = await loadRules().catch(() => null);
      const messages = check ? check.checkFields(rules(check), body) : {};
      if (some(messages)) {
        fields.show(messages);
        setStatus({ kind: 'error', text: FIX_FIELDS });
        return;
      }
      fields.clear();
      await send(body);
      setStatus({ kind: 'success', text: success });
      form.reset();
    } catch (error) {
      const messages = error instanceof ApiError ? error.fields : {};
      if (some(messages)) {
        fields.show(messages);
        setStatus({ kind: 'error', text: FIX_FIELDS });
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
    /** Props for the <form>: submit, the rules' prefetch, and a field's message cleared as it is edited. */
    formProps: {
      onSubmit,
      noValidate: true,
      onFocus: () => void loadRules().catch(() => undefined),
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
      <div aria-live="polite">
        {status && (
          <p className={`alert alert--${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
            {status.text}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </>
  );
}
