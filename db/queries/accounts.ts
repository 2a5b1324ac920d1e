import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users, partners, jobApplicants, staff, type AccountType } from '../schema/index.ts';

/** The table behind each account type: one login mechanism, four kinds of account. */
export const accountTables = {
  student: users,
  partner: partners,
  applicant: jobApplicants,
  staff,
} as const;

const credentialColumns = (table: (typeof accountTables)[AccountType]) => ({
  id: table.id,
  email: table.email,
  passwordHash: table.passwordHash,
  isVerified: table.isVerified,
  tokensValidAfter: table.tokensValidAfter,
  createdAt: table.createdAt,
});

/** The credential columns of the account with this id, or undefined. */
export async function credentialsById(db: Db, type: AccountType, id: string) {
  const table = accountTables[type];
  const [row] = await db.select(credentialColumns(table)).from(table).where(eq(table.id, id)).limit(1);
  return row;
}

/** The credential columns of up to `max` accounts with this (normalised) e-mail, verified first, then newest. */
export function credentialsByEmail(db: Db, type: AccountType, email: string, max: number) {
  const table = accountTables[type];
  return db
    .select(credentialColumns(table))
    .from(table)
    .where(eq(table.email, email))
    .orderBy(desc(table.isVerified), desc(table.createdAt))
    .limit(max);
}

/** Sets an account's password hash, only while it is still `old` (one conditional statement). */
export async function replacePasswordHash(db: Db, type: AccountType, id: string, old: string, hash: string) {
  const table = accountTables[type];
  await db
    .update(table)
    .set({ passwordHash: hash })
    .where(and(eq(table.id, id), eq(table.passwordHash, old)));
}

/**
 * The statement that sets a new password after a reset, not yet run: it also revokes tokens issued
 * before `revokeBefore` and marks the account verified (the code proved the address).
 */
export function passwordResetStatement(
  db: Db,
  type: AccountType,
  id: string,
  passwordHash: string,
  revokeBefore: Date,
) {
  const table = accountTables[type];
  return db
    .update(table)
    .set({ passwordHash, tokensValidAfter: revokeBefore, isVerified: true })
    .where(eq(table.id, id));
}

/** The statement that sets a new password while the stored hash is still `old` (a change made elsewhere wins), not yet run. */
export function passwordChangeStatement(
  db: Db,
  type: AccountType,
  id: string,
  old: string,
  passwordHash: string,
) {
  const table = accountTables[type];
  return db
    .update(table)
    .set({ passwordHash })
    .where(and(eq(table.id, id), eq(table.passwordHash, old)));
}
