import { HTTPException } from 'hono/http-exception';
import type { Db } from '../../db/client.ts';
import type { AccountType } from '../../db/schema/index.ts';
import { findCredentials, normalizeEmail } from './accounts.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { clear, hit, type Limit } from './rate-limit.ts';

/** Failed logins allowed per account and per address before a short wait (windows expire). */
export const LOGIN_LIMITS = {
  perAccount: { name: 'login-account', max: 5, windowSeconds: 15 * 60 } satisfies Limit,
  perAddress: { name: 'login-address', max: 30, windowSeconds: 15 * 60 } satisfies Limit,
};

export const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Checks an e-mail and password for one account type, with rate limits per account and per
 * address. Unknown e-mails cost a password check too and get the same answer as a wrong password.
 * Throws 429 (too many tries), 401 (wrong credentials) or 403 (not yet verified, after a correct
 * password only, so verification state never leaks without the password).
 */
export async function checkLogin(db: Db, type: AccountType, email: string, password: string, address: string) {
  const normalized = normalizeEmail(email);
  const [byAddress, byAccount] = await Promise.all([
    hit(db, { ...LOGIN_LIMITS.perAddress, name: `${type}-${LOGIN_LIMITS.perAddress.name}` }, address),
    hit(db, { ...LOGIN_LIMITS.perAccount, name: `${type}-${LOGIN_LIMITS.perAccount.name}` }, normalized),
  ]);
  if (!byAddress.allowed || !byAccount.allowed) {
    const wait = Math.ceil(Math.max(byAddress.allowed ? 0 : byAddress.retryAfter, byAccount.allowed ? 0 : byAccount.retryAfter) / 60);
    throw new HTTPException(429, { message: `Too many login attempts. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.` });
  }
  const account = await findCredentials(db, type, { email: normalized });
  const ok = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !ok) throw new HTTPException(401, { message: INVALID_CREDENTIALS });
  await clear(db, { ...LOGIN_LIMITS.perAccount, name: `${type}-${LOGIN_LIMITS.perAccount.name}` }, normalized);
  if (!account.isVerified) {
    throw new HTTPException(403, { message: 'Your account is not verified yet. Enter the code we e-mailed you, or request a new one.' });
  }
  return account;
}
