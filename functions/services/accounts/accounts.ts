import type { Db } from '#db/client.ts';
import { credentialsByEmail, credentialsById } from '#db/queries/accounts.ts';
import { personById, roleIdOf } from '#db/queries/people.ts';
import type { AccountType } from '#db/schema/index.ts';
import { UNVERIFIED_TTL_MS } from '#schemas/retention.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { findPerson } from './people.ts';

/**
 * What a sign-in, a code or a reset knows of an account: its credentials and, for a person, which
 * person. `id` is the row of the door's role, null when the person does not hold that role yet
 * (people.ts `ensureRole` makes it once the password is right).
 */
export interface Credentials {
  id: string | null;
  personId: string | null;
  email: string;
  passwordHash: string;
  mergedPasswordHashes: string | null;
  isVerified: boolean;
  tokensValidAfter: Date | null;
  createdAt: Date;
}

/**
 * The credential columns of an account, or undefined. By e-mail: the person of the address, else
 * the newest unverified registration (students and partners may have several: registration.ts).
 */
export async function findCredentials(
  db: Db,
  type: AccountType,
  by: { id: string } | { email: string },
): Promise<Credentials | undefined> {
  if ('email' in by) return (await findSignInCandidates(db, type, by.email, 1))[0];
  return credentialsById(db, type, by.id);
}

/**
 * The accounts an e-mail may sign in to at one door, best first: the person of the address when
 * there is one (whatever door made them), else up to `max` unverified registrations, newest first,
 * none past its 24 hours. Staff are their own kind and never a person.
 */
export async function findSignInCandidates(
  db: Db,
  type: AccountType,
  email: string,
  max: number,
): Promise<Credentials[]> {
  const normalized = normalizeEmail(email);
  if (type !== 'staff') {
    const person = await findPerson(db, normalized);
    if (person)
      return [
        {
          id: (await roleIdOf(db, type, person.id)) ?? null,
          personId: person.id,
          email: person.email,
          passwordHash: person.passwordHash,
          mergedPasswordHashes: person.mergedPasswordHashes,
          isVerified: true,
          tokensValidAfter: person.tokensValidAfter,
          createdAt: person.createdAt,
        },
      ];
  }
  const rows = await credentialsByEmail(db, type, normalized, max);
  const verified = rows.find((r) => r.isVerified);
  if (verified) return [verified];
  return rows.filter((r) => !isExpiredUnverified(r));
}

/** Whether an unverified registration is past its 24 hours: it counts as gone (the daily job deletes it). */
export const isExpiredUnverified = (account: { isVerified: boolean; createdAt: Date }, now = Date.now()) =>
  !account.isVerified && account.createdAt.getTime() <= now - UNVERIFIED_TTL_MS;

/**
 * The credentials of whoever a session signs in: the session's person (at a partner organisation's
 * door a member signs in to the organisation's row, whose own credentials are its owner's), else
 * the account's.
 */
export async function sessionCredentials(
  db: Db,
  type: AccountType,
  accountId: string,
  sessionPerson: string | null,
): Promise<Credentials | undefined> {
  if (!sessionPerson) return credentialsById(db, type, accountId);
  const person = await personById(db, sessionPerson);
  if (!person) return undefined;
  return {
    id: accountId,
    personId: person.id,
    email: person.email,
    passwordHash: person.passwordHash,
    mergedPasswordHashes: person.mergedPasswordHashes,
    isVerified: true,
    tokensValidAfter: person.tokensValidAfter,
    createdAt: person.createdAt,
  };
}
