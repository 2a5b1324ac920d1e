import { SIGN_OUT_PATHS } from '#schemas/sessions.ts';

export type SignOutKind = keyof typeof SIGN_OUT_PATHS;

/**
 * POSTs a sign-out and answers whether the server confirmed it; never throws, so a sign-out button
 * can always go on to clear the browser's storage (offline, or a session that had already ended).
 * Plain fetch, not api(): the site header uses it too and must stay small (no framework there).
 */
async function postSignOut(path: string, headers: Record<string, string>): Promise<boolean> {
  try {
    // keepalive: the request still goes out when the page navigates away straight after.
    const res = await fetch(path, { method: 'POST', headers, credentials: 'same-origin', keepalive: true });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Ends a session that carries a bearer token (a student's or a partner's) at `path`. The site
 * header calls it with STUDENT_LOGOUT_PATH and PARTNER_LOGOUT_PATH rather than going through
 * endSession: its script is inline in every page, and SIGN_OUT_PATHS would come whole.
 */
export const endBearerSession = (path: string, token: string | null) =>
  token ? postSignOut(path, { Authorization: `Bearer ${token}` }) : Promise.resolve(false);

/**
 * Ends a session on the server: this device (`logout`) or every device of the account
 * (`everywhere`). Answers whether the server confirmed it; never throws (postSignOut).
 */
export async function endSession(
  kind: SignOutKind,
  token: string | null,
  { everywhere = false } = {},
): Promise<boolean> {
  const path = everywhere ? SIGN_OUT_PATHS[kind].logoutAll : SIGN_OUT_PATHS[kind].logout;
  // Staff sessions are an HttpOnly cookie the browser sends itself; the others carry their token.
  if (kind === 'staff') return postSignOut(path, {});
  if (kind === 'applicant') return token ? postSignOut(path, { 'X-Applicant-Token': token }) : false;
  return endBearerSession(path, token);
}

/** The message shown when "Sign out of all devices" could not reach the server (the person stays signed in). */
export const SIGN_OUT_EVERYWHERE_FAILED =
  'We could not sign out your other devices. Check your connection and try again.';
