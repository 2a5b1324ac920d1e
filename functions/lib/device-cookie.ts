import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AccountType } from '#db/schema/index.ts';
import { DEVICE_SECONDS, knownDevice, signDevice } from '../services/accounts/devices.ts';
import { credentialKind } from '../services/accounts/login.ts';
import type { AppEnv } from './app-env.ts';
import { config } from './config.ts';
import { strictCookie } from './staff-cookies.ts';

// One cookie per kind of credentials, so a person and a staff member sharing a computer each keep
// theirs; a person's three doors share one (a browser known at /login is known in the job window).
const cookieName = (type: AccountType) => `device_${credentialKind(type)}`;

/** This browser's device id for the account signing in, or null when it is unknown to that account. */
export function readKnownDevice(c: Context<AppEnv>, type: AccountType, email: string) {
  const { tokenSecret, tokenIssuer } = config(c.env);
  return knownDevice(tokenSecret, tokenIssuer, getCookie(c, cookieName(type), 'host'), {
    type: credentialKind(type),
    email,
  });
}

/**
 * Marks this browser as known to the account that just proved its password (kept 180 days from the
 * latest sign-in, with the same device id when it had one for this account).
 */
export async function rememberDevice(
  c: Context<AppEnv>,
  type: AccountType,
  email: string,
  deviceId: string | null,
) {
  const { tokenSecret, tokenIssuer } = config(c.env);
  const token = await signDevice(
    tokenSecret,
    tokenIssuer,
    { type: credentialKind(type), email },
    deviceId ?? undefined,
  );
  setCookie(c, cookieName(type), token, { ...strictCookie, maxAge: DEVICE_SECONDS });
}

/** The cookie name as sent, for tests and scripts that sign in over HTTP. */
export const deviceCookieName = (type: AccountType) => `__Host-${cookieName(type)}`;
