import { desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users, partners, jobApplicants, staff, type AccountType } from '#db/schema/index.ts';
import { UNVERIFIED_TTL_MS } from '#schemas/retention.ts';

/** The table behind each account type: one login mechanism, four kinds of account. */
export const accountTables = {
  student: users,
  partner: partners,
  applicant: jobApplicants,
  staff,
} as const;

/** E-mail addresses are compared case-insensitively: stored lower-cased and trimmed. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const credentialColumns = (table: (typeof accountTables)[AccountType]) => ({
  id: table.id,
  email: table.email,
  passwordHash: table.passwordHash,
  isVerified: table.isVerified,
  tokensValidAfter: table.tokensValidAfter,
  createdAt: table.createdAt,
});

/**
 * The credential columns of an account, or undefined. By e-mail: the verified account, else the
 * newest unverified registration (students and partners may have several: registration.ts).
 */
export async function findCredentials(db: Db, type: AccountType, by: { id: string } | { email: string }) {
  if ('email' in by) return (await findSignInCandidates(db, type, by.email, 1))[0];
  const table = accountTables[type];
  const [row] = await db.select(credentialColumns(table)).from(table).where(eq(table.id, by.id)).limit(1);
  return row;
}

/**
 * The accounts an e-mail may sign in to, best first: the verified account alone when there is one,
 * else up to `max` unverified registrations, newest first, none past its 24 hours.
 */
export async function findSignInCandidates(db: Db, type: AccountType, email: string, max: number) {
  const table = accountTables[type];
  const rows = await db
    .select(credentialColumns(table))
    .from(table)
    .where(eq(table.email, normalizeEmail(email)))
    .orderBy(desc(table.isVerified), desc(table.createdAt))
    .limit(max);
  const verified = rows.find((r) => r.isVerified);
  if (verified) return [verified];
  return rows.filter((r) => !isExpiredUnverified(r));
}

/** Whether an unverified registration is past its 24 hours: it counts as gone (the daily job deletes it). */
export const isExpiredUnverified = (account: { isVerified: boolean; createdAt: Date }, now = Date.now()) =>
  !account.isVerified && account.createdAt.getTime() <= now - UNVERIFIED_TTL_MS;
