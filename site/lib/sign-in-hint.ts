import { useEffect, useState } from 'react';
import { sessionKeys } from './storage.ts';

/**
 * What a page that sends a person to a sign-in page leaves for it: the address to fill in and a
 * sentence saying why they are there ("Your account is verified…", "This address is already
 * registered…"). Kept for this tab only and read once, never put in the address bar (an e-mail
 * address in a URL ends up in history, logs and referrers).
 */
export interface SignInHint {
  email: string;
  note: string;
}

/** Leaves the hint for the sign-in page this tab opens next. */
export function leaveSignInHint(hint: SignInHint) {
  try {
    sessionStorage.setItem(sessionKeys.signInHint, JSON.stringify(hint));
  } catch {
    // Storage refused (private mode, quota): the sign-in page opens empty, as it would anyway.
  }
}

/** The hint left for this page, once (it is removed as it is read), or null. */
export function takeSignInHint(): SignInHint | null {
  try {
    const raw = sessionStorage.getItem(sessionKeys.signInHint);
    if (raw === null) return null;
    sessionStorage.removeItem(sessionKeys.signInHint);
    const value = JSON.parse(raw) as Partial<SignInHint>;
    return typeof value.email === 'string' && typeof value.note === 'string'
      ? { email: value.email, note: value.note }
      : null;
  } catch {
    return null;
  }
}

/**
 * A sign-in form's side of the hint: once hydrated, fills the address (unless the person typed one
 * already) and moves focus to the password; returns the sentence to show.
 */
export function useSignInHint(
  fillEmail: (fill: (typed: string) => string) => void,
  focusPassword: () => void,
) {
  const [note, setNote] = useState('');
  useEffect(() => {
    const hint = takeSignInHint();
    if (!hint) return;
    fillEmail((typed) => typed || hint.email);
    setNote(hint.note);
    focusPassword();
    // Once, at hydration: the hint is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return note;
}
