import type { Db } from '#db/client.ts';
import { credentialsByEmail, credentialsById } from '#db/queries/accounts.ts';
import type { AccountType } from '#db/schema/index.ts';
import { UNVERIFIED_TTL_MS } from '#schemas/retention.ts';
import { normalizeEmail } from '#schemas/email.ts';

/**
 * The credential columns of an account, or undefined. By e-mail: the verified account, else the
 * newest unverified registration (students and partners may have several: registration.ts).
 */
export async function findCredentials(db: Db, type: AccountType, by: { id: string } | { email: string }) {
  if ('email' in by) return (await findSignInCandidates(db, type, by.email, 1))[0];
  return credentialsById(db, type, by.id);
}

/**
 * The accounts an e-mail may sign in to, best first: the verified account alone when there is one,
 * else up to `max` unverified registrations, newest first, none past its 24 hours.
 */
export async function findSignInCandidates(db: Db, type: AccountType, email: string, max: number) {
  const rows = await credentialsByEmail(db, type, normalizeEmail(email), max);
  const verified = rows.find((r) => r.isVerified);
  if (verified) return [verified];
  return rows.filter((r) => !isExpiredUnverified(r));
}

/** Whether an unverified registration is past its 24 hours: it counts as gone (the daily job deletes it). */
export const isExpiredUnverified = (account: { isVerified: boolean; createdAt: Date }, now = Date.now()) =>
  !account.isVerified && account.createdAt.getTime() <= now - UNVERIFIED_TTL_MS;
