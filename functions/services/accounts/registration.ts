import { batch } from '#db/batch.ts';
import type { Db } from '#db/client.ts';
import {
  openRegistrations,
  registrationInsert,
  verifiedHolder,
  verifyRegistrationStatements,
  type RegistrableType,
} from '#db/queries/registrations.ts';
import type { partners, users } from '#db/schema/index.ts';
import { UNVERIFIED_TTL_MS } from '#schemas/retention.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { issueStatements, newCode } from '../security/codes.ts';
import { hashPassword } from '../security/passwords.ts';
import { findPerson } from './people.ts';

/**
 * Registration with an e-mailed code (students and partners), safe against pre-registration and
 * takeover.
 *
 * Anyone can register any address, so an unverified registration belongs to nobody yet, and owns
 * nothing: each registration is a row of its own, with its own id, details, password and code, and
 * the unique indexes on the e-mail and the phone number cover verified accounts only (migration
 * 0012). A second registration of an address therefore changes nobody else's: it cancels no code,
 * replaces no password, and reserves no phone number. A code verifies only the registration it was
 * sent for (codes are bound to their registration's id); the first registration verified becomes
 * the account, and the others of that address are deleted with it. So the details and password
 * that stand are those of the person who completes verification with their own code
 * (spec/0-decisions.md): only someone who can read the mailbox can do that. Unverified
 * registrations expire after 24 hours: the daily job deletes them, and sign-in and verification
 * treat them as gone already.
 */

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
  /** A new registration; `code` goes to `email` (normalised). */
  | { kind: 'created'; id: string; email: string; code: string; codeId: string };

/**
 * The verified account holding the address (or, for a student, the phone number), if any. A read
 * before the insert, not a conditional insert: a registration that races a verification only adds
 * a row that can never be verified (the partial unique indexes refuse it then) and expires.
 */
async function takenBy(db: Db, type: RegistrableType, email: string, details: Record<string, unknown>) {
  // The address is a person's, whichever door made them (people.ts): one person, one account.
  if (await findPerson(db, email)) return true;
  return verifiedHolder(db, type, email, type === 'student' ? String(details.contactNumber) : undefined);
}

/** Registers an address: a new unverified registration with its own code, unless a verified account holds it. */
export async function register<T extends RegistrableType>(
  db: Db,
  type: T,
  input: {
    email: string;
    password: string;
    details: RegistrationDetails[T];
    /**
     * The registering browser's challenge (functions/lib/code-challenges.ts), where the flow names
     * registrations by e-mail (partners): the code then verifies only from that browser. Students'
     * registrations are named by their id, which only the registering browser is given.
     */
    challenge?: string;
  },
  now = Date.now(),
): Promise<RegistrationResult> {
  const email = normalizeEmail(input.email);
  const details = input.details as Record<string, unknown>;
  if (await takenBy(db, type, email, details)) return { kind: 'taken' };
  const passwordHash = await hashPassword(input.password);
  const id = crypto.randomUUID();
  const owner = { accountType: type, accountId: id, purpose: 'verify', challenge: input.challenge } as const;
  const code = await newCode(owner);
  const at = new Date(now);
  const row = { ...details, id, email, passwordHash, createdAt: at, updatedAt: at };
  await batch(db, [registrationInsert(db, type, row), ...issueStatements(owner, code, { now })]);
  return { kind: 'created', id, email, code: code.code, codeId: code.id };
}

/**
 * The statements that prove a registration: it is marked verified (with the details of its code's
 * payload, for codes issued before migration 0012, when registrations shared one row), and the
 * address's other unverified registrations are deleted with their codes. The partial unique index
 * on a student's phone refuses the first statement, and so the batch, when a verified student
 * already holds the number. people.ts `establishPerson` runs them with the link to the person.
 */
export function verifyStatements(
  db: Db,
  type: RegistrableType,
  id: string,
  email: string,
  payload: string | null,
) {
  const values = { ...detailsFromPayload(type, payload), isVerified: true, updatedAt: new Date() };
  return verifyRegistrationStatements(db, type, id, email, values);
}

/** The account columns a code's payload sets (codes from before migration 0012): details and password hash. */
function detailsFromPayload(type: RegistrableType, payload: string | null): Record<string, string> {
  if (!payload) return {};
  const parsed = JSON.parse(payload) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const key of [...DETAIL_KEYS[type], 'passwordHash']) {
    if (typeof parsed[key] === 'string') out[key] = parsed[key];
  }
  return out;
}

/** The unverified registrations of an address, newest first, none past its 24 hours (at most `max`). */
export async function pendingRegistrations(
  db: Db,
  type: RegistrableType,
  email: string,
  max = 5,
  now = Date.now(),
) {
  return openRegistrations(db, type, normalizeEmail(email), now - UNVERIFIED_TTL_MS, max);
}
