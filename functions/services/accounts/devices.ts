import { readPurposeToken, signPurposeToken } from '../security/tokens.ts';
import type { AccountType } from '#db/schema/index.ts';
import { normalizeEmail } from '#schemas/email.ts';

/**
 * Device tokens, after OWASP's "device cookies" design against password guessing: a browser that
 * signed in to an account with the right password carries a signed token naming that account (by a
 * hash of its type and e-mail, not the address itself) and a device id of its own. A sign-in from
 * such a browser is judged under that device's own failure limit, whatever strangers do to the
 * account, so its owner is never locked out; sign-ins from browsers without one share the account's
 * limit for unknown devices, past which a right password needs an e-mailed code as well
 * (functions/services/accounts/login.ts).
 */

/** How long a browser stays known after its last sign-in (each sign-in issues a fresh token). */
export const DEVICE_SECONDS = 180 * 24 * 60 * 60;

// Its own audience: a device token is never an account token or a staff challenge, nor they it.
const AUDIENCE = 'known-device';

async function accountTag(type: AccountType | 'person', email: string) {
  const bytes = new TextEncoder().encode(`${type}:${normalizeEmail(email)}`);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A device token for this browser and account; `deviceId` keeps the browser's id across sign-ins. */
export async function signDevice(
  secret: string,
  issuer: string,
  account: { type: AccountType | 'person'; email: string },
  deviceId: string = crypto.randomUUID(),
  now = Date.now(),
) {
  const subject = await accountTag(account.type, account.email);
  return signPurposeToken(
    secret,
    issuer,
    { audience: AUDIENCE, subject, id: deviceId, seconds: DEVICE_SECONDS },
    now,
  );
}

/**
 * The device id of a valid token for exactly this account, or null: a token of another account (a
 * shared computer), a forged or expired one, or none, make the browser an unknown device for it.
 */
export async function knownDevice(
  secret: string,
  issuer: string,
  token: string | undefined,
  account: { type: AccountType | 'person'; email: string },
) {
  const payload = await readPurposeToken(secret, issuer, AUDIENCE, token);
  return payload && payload.sub === (await accountTag(account.type, account.email)) ? payload.jti : null;
}
