import { batch, type Statement } from '#db/batch.ts';
import type { Db } from '#db/client.ts';
import { auditInsert } from '#db/queries/audit.ts';
import {
  addressesToMerge,
  adoptPasswordStatement,
  knownDetails,
  linkToPersonStatements,
  personByEmail,
  roleIdOf,
  unlinkedProvenRows,
  unprovenCount,
  type RoleType,
} from '#db/queries/people.ts';
import { jobApplicants, users, type people } from '#db/schema/index.ts';
import { isUniqueViolation } from '../db-errors.ts';
import { Forbidden } from '../errors.ts';
import { verifyPassword } from '../security/passwords.ts';

/**
 * One person, many roles (docs/decisions/032-one-person-many-roles.md).
 *
 * A verified e-mail address is one person: one password, one set of sessions and devices. What a
 * person does with us are roles: a student row (profile, education, applications), a job seeker
 * row (job applications) and a partner organisation they own, each linked by `person_id`. The
 * specs' doors stay (/login, /login-partner-account, the job application window) and all open the
 * same person: signing in at a door whose role the person does not hold yet makes that role from
 * what they already told us (students and job seekers; a partner organisation is registered, not
 * made at sign-in).
 *
 * Only a proven mailbox makes a person (`establishPerson`): a registration's code, a job seeker's
 * confirmation link, a reset code. Until then a role row is a registration of its own with its own
 * password, owns nothing, and never merges into anyone: proving the address deletes the address's
 * other unproven rows with their sessions (the pre-hijacking rule).
 */

type Person = typeof people.$inferSelect;

/**
 * Makes a proven role row part of the person of its address, creating the person if needed (one
 * batch: `before` first, e.g. the statement that proves the row, then the link). Throws the unique
 * violation when a proven student's phone number is held by someone else (callers answer 409).
 */
export async function establishPerson(
  db: Db,
  type: RoleType,
  roleId: string,
  email: string,
  before: readonly Statement[] = [],
) {
  return batch(db, [...before, ...linkToPersonStatements(db, type, roleId, email, crypto.randomUUID())]);
}

/**
 * The person of an address, merging first the accounts made before people existed (proven role
 * rows not yet linked), so that every door finds one person whatever the scheduled merge has done.
 */
export async function findPerson(db: Db, email: string): Promise<Person | undefined> {
  const person = await personByEmail(db, email);
  if (person && (await unlinkedProvenRows(db, email)).length === 0) return person;
  const merged = await mergeAddress(db, email);
  return merged ? personByEmail(db, email) : person;
}

/** What merging one address did, for the merge's report. */
export type MergeCase = 'single' | 'same-password' | 'different-passwords' | 'joined-existing';

/**
 * Merges the proven role rows of one address into its person (none: undefined). Re-runnable: rows
 * already linked are left as they are. One audit row per merged person says what happened.
 */
export async function mergeAddress(db: Db, email: string) {
  const rows = await unlinkedProvenRows(db, email);
  if (rows.length === 0) return undefined;
  const existed = await personByEmail(db, email);
  const discarded = await unprovenCount(db, email);
  for (const row of rows) await establishPerson(db, row.type, row.id, email);
  const person = await personByEmail(db, email);
  if (!person) return undefined;
  const otherPasswords = person.mergedPasswordHashes
    ? (JSON.parse(person.mergedPasswordHashes) as string[]).length
    : 0;
  const kind: MergeCase = existed
    ? 'joined-existing'
    : rows.length === 1
      ? 'single'
      : otherPasswords > 0
        ? 'different-passwords'
        : 'same-password';
  await auditInsert(db, {
    staffId: null,
    action: 'person.merge',
    entity: 'people',
    entityId: person.id,
    after: { case: kind, roles: rows.map((r) => r.type), otherPasswords, unprovenDiscarded: discarded },
  });
  return { kind, discarded, roles: rows.length };
}

export interface MergeReport {
  addresses: number;
  people: Record<MergeCase, number>;
  rolesLinked: number;
  unprovenDiscarded: number;
  /** Whether addresses are left for the next run (the job stops after `max`). */
  more: boolean;
}

/**
 * The merge of accounts made before people existed: every address with proven role rows not yet
 * linked, up to `max` a run (the scheduled job runs it until nothing is left; sign-in merges an
 * address on the spot). Returns counts per case.
 */
export async function mergeAccounts(db: Db, max = 200): Promise<MergeReport> {
  const report: MergeReport = {
    addresses: 0,
    people: { single: 0, 'same-password': 0, 'different-passwords': 0, 'joined-existing': 0 },
    rolesLinked: 0,
    unprovenDiscarded: 0,
    more: false,
  };
  const emails = await addressesToMerge(db, max + 1);
  report.more = emails.length > max;
  for (const email of emails.slice(0, max)) {
    const merged = await mergeAddress(db, email);
    if (!merged) continue;
    report.addresses += 1;
    report.people[merged.kind] += 1;
    report.rolesLinked += merged.roles;
    report.unprovenDiscarded += merged.discarded;
  }
  return report;
}

export const NO_PARTNER_ROLE =
  'This account has no partner organisation. Register your organisation to sign in here.';

/**
 * The person's row for the door they signed in at, made now when they do not hold that role yet:
 * a student or job seeker row from what their other roles told us (name, phone); the student
 * dashboard then asks only for what is missing (academic status, address). A partner organisation
 * is never made at sign-in: 403 with a message saying so.
 */
export async function ensureRole(db: Db, type: RoleType, person: Pick<Person, 'id' | 'email'>) {
  const existing = await roleIdOf(db, type, person.id);
  if (existing) return existing;
  if (type === 'partner') throw new Forbidden(NO_PARTNER_ROLE);
  const { name, phone } = await knownDetails(db, person.id);
  const base = { personId: person.id, email: person.email, passwordHash: '', isVerified: true };
  const insert = (contact: string) =>
    type === 'student'
      ? db.insert(users).values({
          ...base,
          id: crypto.randomUUID(),
          fullName: name,
          academicStatus: '',
          contactNumber: contact,
          currentAddress: '',
        })
      : db.insert(jobApplicants).values({
          ...base,
          id: crypto.randomUUID(),
          fullName: name,
          phone: contact,
          // The person's mailbox is proven: nothing they send from this role is held.
          emailConfirmedAt: new Date(),
        });
  try {
    await insert(phone);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another student holds the number (the dashboard asks for one), or a parallel first sign-in
    // made the row first: the row that exists is the one.
    const made = await roleIdOf(db, type, person.id);
    if (made) return made;
    await insert('');
  }
  const id = await roleIdOf(db, type, person.id);
  if (!id) throw new Error('role row missing after insert');
  return id;
}

/**
 * Whether `password` is one of a merged person's other passwords; if so it becomes their password
 * (the "sign in with either once" rule of the merge), and the others stop working.
 */
export async function adoptMergedPassword(
  db: Db,
  person: Pick<Person, 'id' | 'passwordHash' | 'mergedPasswordHashes'>,
  password: string,
) {
  if (!person.mergedPasswordHashes) return false;
  for (const hash of JSON.parse(person.mergedPasswordHashes) as string[]) {
    if (await verifyPassword(password, hash)) {
      await adoptPasswordStatement(db, person.id, person.passwordHash, hash);
      return true;
    }
  }
  return false;
}
