import { useState } from 'react';
import { SIGN_OUT_EVERYWHERE_FAILED } from '#site/lib/sign-out.ts';

/**
 * "Sign out of all devices" for any account type. `end` asks the server and answers whether it
 * confirmed; on a failure the person stays signed in and sees SIGN_OUT_EVERYWHERE_FAILED. Without
 * `onDone`, `end` leaves the page itself, so the button stays busy until it goes.
 */
export function useSignOutEverywhere(end: () => Promise<boolean>, onDone?: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    const ok = await end();
    if (!ok) setError(SIGN_OUT_EVERYWHERE_FAILED);
    if (!ok || onDone) setBusy(false);
    if (ok) onDone?.();
  };
  return { busy, error, run };
}
