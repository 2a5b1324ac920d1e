import { SIGN_OUT_PATHS } from '#schemas/sessions.ts';

export type SignOutKind = keyof typeof SIGN_OUT_PATHS;

/**
 * Ends a session on the server: this device (`logout`) or every device of the account
 * (`everywhere`). Answers whether the server confirmed it; never throws, so a sign-out button can
 * always go on to clear the browser's storage (offline, or a session that had already ended).
 * Plain fetch, not api(): the site header uses it too and must stay small (no framework there).
 */
export async function endSession(
  kind: SignOutKind,
  token: string | null,
  { everywhere = false } = {},
): Promise<boolean> {
  // Staff sessions are an HttpOnly cookie the browser sends itself; the others carry their token.
  if (kind !== 'staff' && !token) return false;
  const headers: Record<string, string> =
    kind === 'staff' || !token
      ? {}
      : kind === 'applicant'
        ? { 'X-Applicant-Token': token }
        : { Authorization: `Bearer ${token}` };
  try {
    // keepalive: the request still goes out when the page navigates away straight after.
    const res = await fetch(everywhere ? SIGN_OUT_PATHS[kind].logoutAll : SIGN_OUT_PATHS[kind].logout, {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      keepalive: true,
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** The message shown when "Sign out of all devices" could not reach the server (the person stays signed in). */
export const SIGN_OUT_EVERYWHERE_FAILED =
  'We could not sign out your other devices. Check your connection and try again.';
