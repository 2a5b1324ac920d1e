import { and, eq, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { oneTimeCodes, partners, statusChanges, users } from '../schema/index.ts';
import { pipelines } from '#schemas/pipelines.ts';
import { UNVERIFIED_TTL_MS } from '#schemas/retention.ts';

// The statements behind registration with an e-mailed code; why it works this way is
// functions/services/accounts/registration.ts.

const registrable = { student: users, partner: partners } as const;
/** The account types that register themselves. */
export type RegistrableType = keyof typeof registrable;

/** The verified account holding the address (or, when `phone` is given, a student's phone number), if any. */
export async function verifiedHolder(
  db: Db,
  type: RegistrableType,
  email: string,
  phone: string | undefined,
) {
  const table = registrable[type];
  const phoneIs = phone === undefined ? undefined : eq(users.contactNumber, phone);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(eq(table.isVerified, true), phoneIs ? or(eq(table.email, email), phoneIs) : eq(table.email, email)),
    )
    .limit(1);
  return row;
}

/** The statement storing a new unverified registration, not yet run (it goes in a batch with its code). */
export function registrationInsert(db: Db, type: RegistrableType, row: Record<string, unknown>) {
  return type === 'student'
    ? db.insert(users).values(row as typeof users.$inferInsert)
    : db.insert(partners).values(row as typeof partners.$inferInsert);
}

/**
 * The statements that make a registration the account: marked verified with `values` while still
 * unverified, and the address's other unverified registrations deleted with their codes.
 */
export function verifyRegistrationStatements(
  db: Db,
  type: RegistrableType,
  id: string,
  email: string,
  values: Record<string, unknown>,
) {
  const table = registrable[type];
  const others = and(eq(table.email, email), eq(table.isVerified, false), ne(table.id, id));
  const now = Date.now();
  // The account enters the history as it becomes one (an unverified registration that never does is
  // no one's stage): read before the update, while it is still unverified, so a second use writes nothing.
  const tableName = type === 'student' ? sql.raw('users') : sql.raw('partners');
  const entered = (entity: string, from: string | null, to: string, at: SQL) =>
    // Values in the table's column order (Drizzle lists every column): target_id, first_arrival and
    // utm_source are left to the history's triggers.
    db.insert(statusChanges).select(
      sql`select lower(hex(randomblob(16))), ${entity}, id, id, null, ${from}, ${to}, 'person', null, null, 0, created_at, 0, null, ${at}, ${now}
          from ${tableName} where id = ${id} and is_verified = 0`,
    );
  const student = type === 'student';
  return [
    entered(
      student ? 'student' : 'partner',
      null,
      student ? 'registered' : pipelines.partner.initial,
      sql`created_at`,
    ),
    ...(student ? [entered('student', 'registered', 'profile_complete', sql`${now}`)] : []),
    type === 'student'
      ? db
          .update(users)
          .set(values)
          .where(and(eq(users.id, id), eq(users.isVerified, false)))
      : db
          .update(partners)
          .set(values)
          .where(and(eq(partners.id, id), eq(partners.isVerified, false))),
    ...deleteWithCodes(db, type, others),
  ] as const;
}

/** The unverified registrations of an (normalised) address created after `since`, newest first (at most `max`). */
export function openRegistrations(db: Db, type: RegistrableType, email: string, since: number, max: number) {
  const table = registrable[type];
  return db
    .select({ id: table.id, email: table.email, createdAt: table.createdAt })
    .from(table)
    .where(and(eq(table.email, email), eq(table.isVerified, false), sql`${table.createdAt} > ${since}`))
    .orderBy(sql`${table.createdAt} desc`)
    .limit(max);
}

/** The statements deleting the accounts of one type that `where` selects, their codes first. */
function deleteWithCodes(db: Db, type: RegistrableType, where: SQL | undefined) {
  const table = registrable[type];
  return [
    db
      .delete(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.accountType, type),
          inArray(oneTimeCodes.accountId, db.select({ id: table.id }).from(table).where(where)),
        ),
      ),
    db.delete(table).where(where),
  ] as const;
}

/** Deletes every unverified account past its 24 hours, with its codes (the daily job); returns how many. */
export async function deleteExpiredUnverified(db: Db, now = Date.now()) {
  let deleted = 0;
  for (const type of Object.keys(registrable) as RegistrableType[]) {
    const table = registrable[type];
    const expired = and(eq(table.isVerified, false), lte(table.createdAt, new Date(now - UNVERIFIED_TTL_MS)));
    const [, gone] = await db.batch(deleteWithCodes(db, type, expired));
    deleted += gone.meta.changes ?? 0;
  }
  return deleted;
}
