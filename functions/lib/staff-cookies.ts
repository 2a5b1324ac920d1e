import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_SECONDS } from '../services/security/tokens.ts';
import { CHALLENGE_SECONDS } from '../services/accounts/staff-challenge.ts';

/**
 * Where staff credentials travel: cookies no script can read (HttpOnly), sent only to this site
 * and only from its own pages (SameSite=Strict), only over HTTPS (Secure), pinned to this host and
 * path by the `__Host-` prefix. Browsers treat http://127.0.0.1 and http://localhost as secure
 * for cookies (Chromium checked: docs/reliability.md), so development keeps the same attributes.
 */
export const strictCookie = {
  prefix: 'host',
  path: '/',
  secure: true,
  httpOnly: true,
  sameSite: 'Strict',
} as const;
const base = strictCookie;

/** The signed-in staff session (the account token, renewed in place). */
const SESSION = 'staff_session';
/** The half-done sign-in: password checked, second factor still to give (10 minutes). */
const CHALLENGE = 'staff_mfa';

export const readStaffSession = (c: Context) => getCookie(c, SESSION, 'host');
export const setStaffSession = (c: Context, token: string) =>
  setCookie(c, SESSION, token, { ...base, maxAge: SESSION_SECONDS });
export const clearStaffSession = (c: Context) => deleteCookie(c, SESSION, base);

export const readStaffChallenge = (c: Context) => getCookie(c, CHALLENGE, 'host');
export const setStaffChallenge = (c: Context, token: string) =>
  setCookie(c, CHALLENGE, token, { ...base, maxAge: CHALLENGE_SECONDS });
export const clearStaffChallenge = (c: Context) => deleteCookie(c, CHALLENGE, base);

/** The cookie names as sent, for tests and scripts that sign in over HTTP. */
export const STAFF_SESSION_COOKIE = `__Host-${SESSION}`;
export const STAFF_CHALLENGE_COOKIE = `__Host-${CHALLENGE}`;
