import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '#site/lib/api.ts';
import { queryClient } from '#site/lib/query-client.ts';
import type { createSession } from '#site/lib/session.ts';
import { fieldMessages } from '#schemas/errors.ts';
import { accountSettingsPaths, type SettingsDoor } from '#schemas/account-settings-text.ts';
import { TextField, type FieldLook } from './fields.tsx';
import { useFieldErrors } from './field-errors.ts';
import {
  NETWORK_FAILURE,
  SettingsForm,
  failureText,
  messageAnswer,
  settingsContract,
} from './settings-form.tsx';

const look: FieldLook = { field: 'field', hint: 'field__hint', error: 'field__error' };

type Step = { at: 'ask' } | { at: 'code'; sent: string } | { at: 'done'; message: string };

/**
 * Changing the account's e-mail address, behind every door (functions/lib/session-routes.ts): the
 * new address and the password, then the code e-mailed to the new address, entered in this same
 * browser. The old address is told, with a link to undo it for 7 days.
 */
export function ChangeEmail({
  door,
  session,
  onSessionEnded,
  level,
}: {
  door: SettingsDoor;
  session: Pick<ReturnType<typeof createSession>, 'call'>;
  onSessionEnded: () => void;
  level: number;
}) {
  const id = useId();
  const Heading = `h${Math.min(level, 6)}` as 'h3';
  const fieldId = (field: string) => `${id}-${field}`;
  const errors = useFieldErrors(fieldId);
  const [values, setValues] = useState({ newEmail: '', password: '', code: '' });
  const [step, setStep] = useState<Step>({ at: 'ask' });
  const [failure, setFailure] = useState('');
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (step.at !== 'ask') resultRef.current?.focus();
  }, [step.at]);

  const onError = (error: Error, field: 'password' | 'code') => {
    if (error instanceof ApiError && error.status === 401) return onSessionEnded();
    if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length)
      return errors.show(error.fields);
    if (error instanceof ApiError && error.status === 400) return errors.show({ [field]: error.message });
    setFailure(failureText(error));
  };
  const ask = useMutation({
    mutationFn: (body: { newEmail: string; password: string }) =>
      session.call(accountSettingsPaths[door].changeEmail, { method: 'POST', body, schema: messageAnswer }),
    onSuccess: (answer) => setStep({ at: 'code', sent: answer.message }),
    onError: (error) => onError(error, 'password'),
  });
  const confirm = useMutation({
    mutationFn: (body: { code: string }) =>
      session.call(accountSettingsPaths[door].confirmEmail, { method: 'POST', body, schema: messageAnswer }),
    onSuccess: (answer) => {
      setStep({ at: 'done', message: answer.message });
      void queryClient.invalidateQueries({ queryKey: ['account-settings', door, 'devices'] });
    },
    onError: (error) => onError(error, 'code'),
  });

  async function submit() {
    setFailure('');
    errors.clear();
    let rules;
    try {
      rules = await settingsContract();
    } catch {
      return setFailure(NETWORK_FAILURE);
    }
    if (step.at === 'ask') {
      const parsed = rules.changeEmailSchema.safeParse(values);
      if (!parsed.success) errors.show(fieldMessages(parsed.error.issues));
      else ask.mutate(parsed.data);
    } else {
      const parsed = rules.confirmEmailChangeSchema.safeParse({ code: values.code });
      if (!parsed.success) errors.show(fieldMessages(parsed.error.issues));
      else confirm.mutate(parsed.data);
    }
  }

  const field = (name: keyof typeof values, label: string, type: string, autoComplete: string) => (
    <TextField
      look={look}
      id={fieldId(name)}
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      inputMode={name === 'code' ? 'numeric' : undefined}
      required
      mark={false}
      error={errors.errors[name]}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        errors.clear(name);
      }}
    />
  );
  const busy = ask.isPending || confirm.isPending;
  return (
    <div className="acct__part">
      <Heading id={`${id}-title`} className="acct__heading">
        Change e-mail address
      </Heading>
      <div aria-live="polite">
        {step.at !== 'ask' && (
          <p className="acct__intro" ref={resultRef} tabIndex={-1}>
            {step.at === 'code' ? step.sent : step.message}
          </p>
        )}
      </div>
      {step.at !== 'done' && (
        <SettingsForm
          titleId={`${id}-title`}
          onSubmit={() => void submit()}
          failure={failure}
          button={
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Sending…' : step.at === 'ask' ? 'Send the code' : 'Change e-mail address'}
            </button>
          }
        >
          {step.at === 'ask' ? (
            <>
              <p className="acct__intro">
                We send a code to the new address. Your current address is told, with a link to undo the
                change.
              </p>
              {field('newEmail', 'New e-mail address', 'email', 'email')}
              {field('password', 'Your password', 'password', 'current-password')}
            </>
          ) : (
            field('code', 'Code from the e-mail', 'text', 'one-time-code')
          )}
        </SettingsForm>
      )}
    </div>
  );
}
