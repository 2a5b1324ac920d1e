import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users, partners, jobApplicants, people, staff, type AccountType } from '../schema/index.ts';

/** The table behind each account type: one login mechanism, four kinds of account. */
export const accountTables = {
  student: users,
  partner: partners,
  applicant: jobApplicants,
  staff,
} as const;

/**
 * A role row's credentials, read through its person when it has one: the person's address,
 * password and revocation count at every door (functions/services/accounts/people.ts); a row not
 * linked yet (a registration) has its own.
 */
const roleCredentialColumns = (table: typeof users | typeof partners | typeof jobApplicants) => ({
  id: table.id,
  personId: table.personId,
  email: sql<string>`coalesce(${people.email}, ${table.email})`,
  passwordHash: sql<string>`coalesce(${people.passwordHash}, ${table.passwordHash})`,
  mergedPasswordHashes: people.mergedPasswordHashes,
  isVerified: table.isVerified,
  tokensValidAfter: sql<Date | null>`coalesce(${people.tokensValidAfter}, ${table.tokensValidAfter})`.mapWith(
    table.tokensValidAfter,
  ),
  createdAt: table.createdAt,
});

const staffCredentialColumns = {
  id: staff.id,
  personId: sql<string | null>`null`,
  email: staff.email,
  passwordHash: staff.passwordHash,
  mergedPasswordHashes: sql<string | null>`null`,
  isVerified: staff.isVerified,
  tokensValidAfter: staff.tokensValidAfter,
  createdAt: staff.createdAt,
};

/** The credential columns of the account with this id, or undefined. */
export async function credentialsById(db: Db, type: AccountType, id: string) {
  if (type === 'staff') {
    const [row] = await db.select(staffCredentialColumns).from(staff).where(eq(staff.id, id)).limit(1);
    return row;
  }
  const table = accountTables[type];
  const [row] = await db
    .select(roleCredentialColumns(table))
    .from(table)
    .leftJoin(people, eq(people.id, table.personId))
    .where(eq(table.id, id))
    .limit(1);
  return row;
}

/**
 * Up to `max` accounts of one type with this (normalised) e-mail that are not part of a person:
 * staff, or registrations still waiting for their code (and job seekers before their confirmation
 * link), verified first, then newest. A person's roles are found through the person.
 */
export function credentialsByEmail(db: Db, type: AccountType, email: string, max: number) {
  if (type === 'staff')
    return db.select(staffCredentialColumns).from(staff).where(eq(staff.email, email)).limit(max);
  const table = accountTables[type];
  return db
    .select(roleCredentialColumns(table))
    .from(table)
    .leftJoin(people, eq(people.id, table.personId))
    .where(and(eq(table.email, email), isNull(table.personId)))
    .orderBy(desc(table.isVerified), desc(table.createdAt))
    .limit(max);
}

/** Whose password a statement changes: a person's (every door), or an account not part of one. */
export interface PasswordHolder {
  type: AccountType;
  id: string;
  personId: string | null;
}

/** Sets an account's password hash, only while it is still `old` (one conditional statement). */
export async function replacePasswordHash(db: Db, holder: PasswordHolder, old: string, hash: string) {
  await passwordChangeStatement(db, holder, old, hash);
}

/**
 * The statement that sets a new password after a reset, not yet run: it also revokes tokens issued
 * before `revokeBefore` and marks the account verified (the code proved the address).
 */
export function passwordResetStatement(
  db: Db,
  holder: PasswordHolder,
  passwordHash: string,
  revokeBefore: Date,
) {
  if (holder.personId)
    return db
      .update(people)
      .set({
        passwordHash,
        mergedPasswordHashes: null,
        tokensValidAfter: revokeBefore,
        updatedAt: new Date(),
      })
      .where(eq(people.id, holder.personId));
  const table = accountTables[holder.type];
  return db
    .update(table)
    .set({ passwordHash, tokensValidAfter: revokeBefore, isVerified: true })
    .where(eq(table.id, holder.id));
}

/** The statement that sets a new password while the stored hash is still `old` (a change made elsewhere wins), not yet run. */
export function passwordChangeStatement(db: Db, holder: PasswordHolder, old: string, passwordHash: string) {
  if (holder.personId)
    return db
      .update(people)
      .set({ passwordHash, mergedPasswordHashes: null, updatedAt: new Date() })
      .where(and(eq(people.id, holder.personId), eq(people.passwordHash, old)));
  const table = accountTables[holder.type];
  return db
    .update(table)
    .set({ passwordHash })
    .where(and(eq(table.id, holder.id), eq(table.passwordHash, old)));
}
