import { and, eq } from 'drizzle-orm';
import { Forbidden, Unauthenticated } from './errors.ts';
import type { Db } from '#db/client.ts';
import type { AccountType } from '#db/schema/index.ts';
import { accountTables, findCredentials, normalizeEmail } from './accounts.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { clear, enforce, type Limit } from './rate-limit.ts';
import { isExpiredUnverified } from './registration.ts';

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
 * password only, so verification state never leaks without the password). A registration left
 * unverified past its 24 hours counts as no account. A password hashed with older parameters is
 * re-hashed with today's once it has been checked (docs/decisions/001-scrypt-passwords.md).
 */
export async function checkLogin(
  db: Db,
  type: AccountType,
  email: string,
  password: string,
  address: string,
) {
  const normalized = normalizeEmail(email);
  const perAccount = { ...LOGIN_LIMITS.perAccount, name: `${type}-${LOGIN_LIMITS.perAccount.name}` };
  await enforce(
    db,
    [
      {
        limit: { ...LOGIN_LIMITS.perAddress, name: `${type}-${LOGIN_LIMITS.perAddress.name}` },
        subject: address,
      },
      { limit: perAccount, subject: normalized },
    ],
    (wait) => `Too many login attempts. Please try again in ${wait}.`,
  );
  const found = await findCredentials(db, type, { email: normalized });
  const account = found && !isExpiredUnverified(found) ? found : undefined;
  const ok = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !ok) throw new Unauthenticated(INVALID_CREDENTIALS);
  await clear(db, perAccount, normalized);
  if (needsRehash(account.passwordHash))
    await upgradeHash(db, type, account.id, account.passwordHash, password);
  if (!account.isVerified) {
    throw new Forbidden(
      'Your account is not verified yet. Enter the code we e-mailed you, or request a new one.',
    );
  }
  return account;
}

/**
 * Stores the checked password's hash with today's parameters. Conditional on the old hash, so a
 * password changed in the meantime (a reset in another tab) is never overwritten.
 */
async function upgradeHash(db: Db, type: AccountType, id: string, old: string, password: string) {
  const table = accountTables[type];
  await db
    .update(table)
    .set({ passwordHash: await hashPassword(password) })
    .where(and(eq(table.id, id), eq(table.passwordHash, old)));
}
