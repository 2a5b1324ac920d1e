import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users, partners, jobApplicants, staff, type AccountType } from '#db/schema/index.ts';

/** The table behind each account type: one login mechanism, four kinds of account. */
export const accountTables = {
  student: users,
  partner: partners,
  applicant: jobApplicants,
  staff,
} as const;

/** E-mail addresses are compared case-insensitively: stored lower-cased and trimmed. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The credential columns of an account, or undefined. */
export async function findCredentials(db: Db, type: AccountType, by: { id: string } | { email: string }) {
  const table = accountTables[type];
  const where = 'id' in by ? eq(table.id, by.id) : eq(table.email, normalizeEmail(by.email));
  const [row] = await db
    .select({
      id: table.id,
      email: table.email,
      passwordHash: table.passwordHash,
      isVerified: table.isVerified,
      tokensValidAfter: table.tokensValidAfter,
      createdAt: table.createdAt,
    })
    .from(table)
    .where(where)
    .limit(1);
  return row;
}
