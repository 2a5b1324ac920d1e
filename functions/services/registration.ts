import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { batch } from '#db/batch.ts';
import type { Db } from '#db/client.ts';
import { oneTimeCodes, partners, users } from '#db/schema/index.ts';
import { findCredentials, normalizeEmail } from './accounts.ts';
import { issueStatements, newCode, sendLimitError } from './codes.ts';
import { isUniqueViolation } from './db-errors.ts';
import { hashPassword } from './passwords.ts';

/**
 * Registration with an e-mailed code (students and partners), safe against pre-registration.
 *
 * Anyone can register any address, so an unverified account belongs to nobody yet. Registering an
 * address again while its account is unverified replaces the details and password, and each
 * registration's code carries that registration's details (`one_time_codes.payload`): verifying with
 * a code applies the details that came with it. Whoever completes verification (who can read the
 * mailbox) therefore sets the password that stands (spec/0-decisions.md); a registrant who cannot
 * read the mailbox never can. Earlier registrants' codes stay open, so a later registration cannot
 * void the code the address's owner already holds. Unverified accounts expire after 24 hours: the
 * daily job deletes them, and registration, login and verification treat them as gone already.
 */

/** How long an unverified registration is kept (schemas/retention.ts, stated on the privacy page). */
import { UNVERIFIED_TTL_MS } from '#schemas/retention.ts';

export const isExpiredUnverified = (account: { isVerified: boolean; createdAt: Date }, now = Date.now()) =>
  !account.isVerified && account.createdAt.getTime() <= now - UNVERIFIED_TTL_MS;

const registrable = { student: users, partner: partners } as const;
export type RegistrableType = keyof typeof registrable;

/** The details a registration sets (everything but the e-mail, the password and the account state). */
export interface RegistrationDetails {
  student: Pick<
    typeof users.$inferInsert,
    'fullName' | 'academicStatus' | 'contactNumber' | 'currentAddress'
  >;
  partner: Omit<
    typeof partners.$inferInsert,
    | 'id'
    | 'email'
    | 'passwordHash'
    | 'isVerified'
    | 'tokensValidAfter'
    | 'approvalStatus'
    | 'createdAt'
    | 'updatedAt'
  >;
}

/** Which payload keys a code may set, per account type (a payload is ours, but never trusted wider). */
const DETAIL_KEYS: Record<RegistrableType, readonly string[]> = {
  student: ['fullName', 'academicStatus', 'contactNumber', 'currentAddress'],
  partner: [
    'companyName',
    'companyHQ',
    'ownerFirstName',
    'ownerLastName',
    'ownerPhoneNumber',
    'ownerDesignation',
    'ownerNationality',
    'contactFirstName',
    'contactLastName',
    'contactDesignation',
    'contactPhoneNumber',
    'contactEmail',
  ],
};

export type RegistrationResult =
  /** The address belongs to a verified account (or, for students, the phone number does). */
  | { kind: 'taken' }
  /** A new account, or an unverified one whose details were replaced; `code` goes to `email` (normalised). */
  | { kind: 'created' | 'replaced'; id: string; email: string; code: string; codeId: string };

/**
 * Registers an address, or registers it again while its account is unverified. Throws 429 (with
 * `Retry-After`) when the code send limits of the existing account are reached; then nothing changes.
 */
export async function register<T extends RegistrableType>(
  db: Db,
  type: T,
  input: { email: string; password: string; details: RegistrationDetails[T] },
  now = Date.now(),
): Promise<RegistrationResult> {
  const table = registrable[type];
  const email = normalizeEmail(input.email);
  await forgetExpired(db, type, email, now);
  const passwordHash = await hashPassword(input.password);
  const details = input.details as Record<string, unknown>;
  const payload = JSON.stringify({ ...details, passwordHash });

  const id = crypto.randomUUID();
  const owner = { accountType: type, accountId: id, purpose: 'verify' } as const;
  const code = await newCode(owner);
  try {
    const at = new Date(now);
    const row = { ...details, id, email, passwordHash, createdAt: at, updatedAt: at };
    await batch(db, [
      type === 'student'
        ? db.insert(users).values(row as typeof users.$inferInsert)
        : db.insert(partners).values(row as typeof partners.$inferInsert),
      ...issueStatements(owner, code, { now, payload, keepOthers: true }),
    ]);
    return { kind: 'created', id, email, code: code.code, codeId: code.id };
  } catch (error) {
    // The unique indexes decide (no read-then-write race): the address (or phone) is in use.
    if (!isUniqueViolation(error)) throw error;
  }

  const existing = await findCredentials(db, type, { email });
  if (!existing || existing.isVerified) return { kind: 'taken' };
  const again = { accountType: type, accountId: existing.id, purpose: 'verify' } as const;
  const next = await newCode(again);
  try {
    // The code is stored only within its send limits, and the details change only if it was.
    // The 24 hours start again: this is the registration the address's owner may be verifying.
    const values = { ...details, passwordHash, createdAt: new Date(now), updatedAt: new Date(now) };
    const stillUnverified = and(
      eq(table.id, existing.id),
      eq(table.isVerified, false),
      sql`exists (select 1 from one_time_codes where id = ${next.id})`,
    );
    const [inserted] = await batch(db, [
      ...issueStatements(again, next, { now, payload, keepOthers: true }),
      type === 'student'
        ? db.update(users).set(values).where(stillUnverified)
        : db.update(partners).set(values).where(stillUnverified),
    ]);
    if (!inserted?.meta.changes) throw await sendLimitError(db, again, now);
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'taken' };
    throw error;
  }
  return { kind: 'replaced', id: existing.id, email, code: next.code, codeId: next.id };
}

/** The account columns a verified code's payload sets: its details and password hash, nothing else. */
export function detailsFromPayload(type: RegistrableType, payload: string | null): Record<string, string> {
  if (!payload) return {};
  const parsed = JSON.parse(payload) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const key of [...DETAIL_KEYS[type], 'passwordHash']) {
    if (typeof parsed[key] === 'string') out[key] = parsed[key];
  }
  return out;
}

/** Deletes an address's unverified account once it is past its 24 hours, with its codes. */
async function forgetExpired(db: Db, type: RegistrableType, email: string, now: number) {
  const table = registrable[type];
  const expired = and(
    eq(table.email, email),
    eq(table.isVerified, false),
    lte(table.createdAt, new Date(now - UNVERIFIED_TTL_MS)),
  );
  await db.batch(deleteWithCodes(db, type, expired));
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
