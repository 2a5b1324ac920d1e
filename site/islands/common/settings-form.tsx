import type { ReactNode } from 'react';
import { NetworkError, notInProduction, schemaFrom } from '#site/lib/api.ts';
import { lazy } from '#site/lib/lazy.ts';

// What the forms of "Sign-in and security" share (the password and the e-mail address change).

/** The rules (zod) load when a form is first used, not with the dashboard. */
export const settingsContract = lazy(() => import('#schemas/account-settings.ts'));
/** Answers are checked against their schema in development only. */
export const messageAnswer = schemaFrom(
  () => (import.meta.env.DEV ? import('#schemas/responses.ts') : notInProduction()),
  'messageResponse',
);
export const NETWORK_FAILURE = 'We could not reach the server. Check your connection and try again.';
export const failureText = (error: unknown) =>
  error instanceof NetworkError || !(error instanceof Error) ? NETWORK_FAILURE : error.message;

/** A settings form: named by its part's heading, its rules fetched on focus, its failure announced, its button last. */
export function SettingsForm({
  titleId,
  onSubmit,
  failure,
  button,
  children,
}: {
  titleId: string;
  onSubmit: () => void;
  failure: string;
  button: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className="acct__form"
      aria-labelledby={titleId}
      noValidate
      onFocus={() => void settingsContract().catch(() => undefined)}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div aria-live="assertive">
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
      </div>
      <div>{button}</div>
    </form>
  );
}
