import { useId, useState, type InputHTMLAttributes, type SubmitEvent } from 'react';
import { api, ApiError, NetworkError } from '#site/lib/api.ts';
import { prefetch } from '#site/lib/lazy.ts';
import { useTypedBeforeHydration } from '#site/lib/typed-before-hydration.ts';
import { TextField } from './fields.tsx';
import { resetDoors, type ResetDoor, type ResetDoorName } from './password-reset-doors.ts';

const NO_ANSWER = 'No response from server. Please check your internet connection.';

/** The server's message for a failed request, else the door's own words. */
function failureText(error: unknown, fallback: string) {
  if (error instanceof NetworkError) return NO_ANSWER;
  return error instanceof ApiError && error.message && error.message !== 'Bad Request'
    ? error.message
    : fallback;
}

type Field = 'email' | 'code' | 'password' | 'confirm';

/** What each field is, in the door's words. */
const FIELDS: Record<
  Field,
  (text: ResetDoor['text']) => InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }
> = {
  email: () => ({ label: 'Email', type: 'email', autoComplete: 'email' }),
  code: () => ({ label: '6-digit code', inputMode: 'numeric', autoComplete: 'one-time-code' }),
  password: (text) => ({
    label: text.newPassword,
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 6 characters.',
  }),
  confirm: (text) => ({ label: text.confirm?.label ?? '', type: 'password', autoComplete: 'new-password' }),
};

/** The confirmation field, where the door asks for the new password twice. */
const confirmField = (door: ResetDoor): Field[] => (door.text.confirm ? ['confirm'] : []);

/**
 * A forgotten password, at every door: the e-mail address asks for a 6-digit code (the same answer
 * whether or not it has an account), the code and a new password set it, which signs the person out
 * everywhere; then the way back to signing in. The server binds the code to this browser
 * (functions/lib/password-reset-routes.ts), so the two requests must come from the same one.
 * `door` picks the endpoints, words and look (./password-reset-doors.ts); `email` starts the
 * field filled; `onBack` is the Back button of a door shown inside a window.
 */
export default function PasswordReset({
  door: name,
  email: initial = '',
  onBack,
}: {
  door: ResetDoorName;
  email?: string;
  onBack?: (email: string) => void;
}) {
  const door: ResetDoor = resetDoors[name];
  const { look, text } = door;
  const id = useId();
  // The pages draw this form on the server: what is typed before it hydrates counts.
  const formRef = useTypedBeforeHydration();
  const [step, setStep] = useState<'request' | 'reset' | 'done'>('request');
  const [form, setForm] = useState<Record<Field, string>>({
    email: initial,
    code: '',
    password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ kind: 'info' | 'success'; text: string } | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (e: { target: { value: string } }) => {
    const value = field === 'code' ? e.target.value.replace(/\D/g, '').slice(0, 6) : e.target.value;
    setForm((f) => ({ ...f, [field]: value }));
  };

  /** The messages of what is wrong with the form, by field; empty when it can be sent. */
  function check(rules: Awaited<ReturnType<ResetDoor['rules']>>) {
    const request =
      step === 'request'
        ? rules.forgot.safeParse({ email: form.email })
        : rules.reset.safeParse({ email: form.email, [door.codeField]: form.code, password: form.password });
    const found: Partial<Record<Field, string>> = {};
    if (!request.success)
      for (const [key, message] of Object.entries(rules.fieldErrors(request.error)))
        found[key === door.codeField ? 'code' : (key as Field)] ??= message;
    const confirm = step === 'reset' ? text.confirm : undefined;
    if (confirm && !form.confirm) found.confirm = confirm.required;
    else if (confirm && form.confirm !== form.password) found.confirm = confirm.mismatch;
    return { found, body: request.success ? (request.data as Record<string, unknown>) : null };
  }

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure('');
    let rules;
    try {
      rules = await door.rules();
    } catch {
      setFailure(text.failure);
      return;
    }
    const { found, body } = check(rules);
    const first = Object.values(found)[0];
    if (first || !body) {
      if (door.errors === 'line') setFailure(first ?? text.failure);
      else setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await api(`${door.api}/${step === 'request' ? 'forgot-password' : 'reset-password'}`, {
        method: 'POST',
        body,
        schema: rules.answer,
      });
      setNotice({ kind: step === 'request' ? 'info' : 'success', text: res.message });
      setStep(step === 'request' ? 'reset' : 'done');
    } catch (error) {
      setFailure(failureText(error, text.failure));
    } finally {
      setBusy(false);
    }
  }

  const titleId = `${id}-title`;
  const failureId = `${id}-failure`;
  const shown: Field[] =
    step === 'request' ? ['email'] : step === 'reset' ? ['code', 'password', ...confirmField(door)] : [];
  const Heading = look.heading;
  const footer = text.footer;
  return (
    <form
      ref={formRef}
      className={look.form}
      onFocus={prefetch(door.rules)}
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
    >
      {text.eyebrow && <p className={look.eyebrow}>{text.eyebrow}</p>}
      <Heading id={titleId} className={look.title}>
        Reset your password
      </Heading>
      <div role="status" aria-live="polite" className={look.live}>
        {notice && <p className={look.notice(notice.kind)}>{notice.text}</p>}
      </div>
      {step === 'request' && <p className={look.lead}>{text.lead}</p>}
      {shown.map((name) => (
        <TextField
          key={name}
          look={look.fields}
          id={`${id}-${name}`}
          name={name === 'code' ? door.codeField : name}
          required
          value={form[name]}
          onChange={set(name)}
          {...FIELDS[name](text)}
          // Beside the field where the door shows messages there; else every field points at the one line.
          {...(door.errors === 'fields'
            ? { error: errors[name] }
            : { 'aria-describedby': failure ? failureId : undefined })}
        />
      ))}
      {failure && (
        <p id={failureId} className={look.failure} role="alert">
          {failure}
        </p>
      )}
      {step !== 'done' && (
        <button type="submit" className={look.button} disabled={busy}>
          {step === 'request' ? (busy ? text.sending : text.send) : busy ? text.saving : text.save}
        </button>
      )}
      {step === 'reset' && (
        <button
          type="button"
          className={look.again}
          onClick={() => {
            setStep('request');
            setNotice(null);
            setFailure('');
          }}
        >
          {text.again}
        </button>
      )}
      {step === 'done' && text.done && (
        <a className={look.button} href={text.done.href}>
          {text.done.label}
        </a>
      )}
      {'back' in footer ? (
        <p className={look.links}>
          <button type="button" className="link-button" onClick={() => onBack?.(form.email)}>
            {footer.back}
          </button>
        </p>
      ) : (
        <nav className={look.links} aria-label="Other pages">
          {footer.lead && `${footer.lead} `}
          {footer.links.map((link) => (
            <a key={link.href} href={link.href}>
              {link.label}
            </a>
          ))}
        </nav>
      )}
    </form>
  );
}
