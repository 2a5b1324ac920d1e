import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { Statement } from '../batch.ts';
import { ownerMembershipStatement } from './partner-members.ts';
import {
  documents,
  jobApplicants,
  oneTimeCodes,
  partners,
  people,
  sessions,
  users,
} from '../schema/index.ts';

// The statements behind one person with many roles; why it works this way is
// functions/services/accounts/people.ts.

/** The role tables a person's rows live in, by the account type of their door. */
export const roleTables = { student: users, partner: partners, applicant: jobApplicants } as const;
export type RoleType = keyof typeof roleTables;
export const roleTypes = Object.keys(roleTables) as RoleType[];

/** The person of a (normalised) address, or undefined. */
export async function personByEmail(db: Db, email: string) {
  const [row] = await db.select().from(people).where(eq(people.email, email)).limit(1);
  return row;
}

/** A person by id, or undefined. */
export async function personById(db: Db, id: string) {
  const [row] = await db.select().from(people).where(eq(people.id, id)).limit(1);
  return row;
}

/**
 * The id of a person's row of one role, or undefined when they do not hold that role. A person's
 * partner role is the organisation they own or, failing that, the one they joined as a member.
 */
export async function roleIdOf(db: Db, type: RoleType, personId: string) {
  if (type === 'partner') {
    const [row] = await db.all<{ id: string }>(
      sql`select id from partners where person_id = ${personId}
          union all
          select partner_id from partner_members where person_id = ${personId} and accepted_at is not null
          limit 1`,
    );
    return row?.id;
  }
  const table = roleTables[type];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.personId, personId)).limit(1);
  return row?.id;
}

/** The person a role row belongs to (undefined: not linked, or no such row). */
export async function personOfRole(db: Db, type: RoleType, id: string) {
  const table = roleTables[type];
  const [row] = await db.select({ personId: table.personId }).from(table).where(eq(table.id, id)).limit(1);
  return row?.personId ?? undefined;
}

/** The person of a role row, as a subquery for a statement's value. */
export const personOfRoleSql = (type: RoleType, id: string) =>
  sql<string | null>`(select person_id from ${roleTables[type]} where id = ${id})`;

/** The statement deleting a person who holds no role any more (their last one was just deleted). */
export const personWithoutRolesDelete = (personId: string) =>
  sql`delete from people where id = ${personId}
      and not exists (select 1 from users where person_id = ${personId})
      and not exists (select 1 from job_applicants where person_id = ${personId})
      and not exists (select 1 from partners where person_id = ${personId})
      and not exists (select 1 from partner_members where person_id = ${personId})`;

/** Which roles a person holds, with each row's id. */
export async function rolesOf(db: Db, personId: string) {
  const [student, applicant, partner] = await Promise.all(
    (['student', 'applicant', 'partner'] as const).map((type) => roleIdOf(db, type, personId)),
  );
  return { student, applicant, partner };
}

/**
 * Whether a role row's address is proven: a verified registration (students, partners) or a job
 * seeker who clicked their confirmation link. Only proven rows become, or join, a person.
 */
const provenRow = {
  student: eq(users.isVerified, true),
  partner: eq(partners.isVerified, true),
  applicant: isNotNull(jobApplicants.emailConfirmedAt),
} as const;

/** What the details a person already gave under their other roles make of a new role row. */
export async function knownDetails(db: Db, personId: string) {
  const [student] = await db
    .select({ name: users.fullName, phone: users.contactNumber })
    .from(users)
    .where(eq(users.personId, personId))
    .limit(1);
  const [applicant] = await db
    .select({ name: jobApplicants.fullName, phone: jobApplicants.phone })
    .from(jobApplicants)
    .where(eq(jobApplicants.personId, personId))
    .limit(1);
  const [partner] = await db
    .select({
      name: sql<string>`${partners.ownerFirstName} || ' ' || ${partners.ownerLastName}`,
      phone: partners.ownerPhoneNumber,
    })
    .from(partners)
    .where(eq(partners.personId, personId))
    .limit(1);
  const found = student ?? applicant ?? partner;
  return { name: found?.name ?? '', phone: found?.phone ?? '' };
}

/**
 * The statements that make a proven role row part of the person of its address, as one batch:
 *
 * 1. the person is created from the row (its address and password), or, when the address already
 *    has one, the row's password is kept beside theirs when it differs (`merged_password_hashes`:
 *    both were set by whoever reads the mailbox, and the person signs in once with either);
 * 2. the row is linked to the person and its own password cleared (the person's counts now);
 * 3. the row's sessions become the person's;
 * 4. every unproven row of the address, of any role, is deleted with its codes and sessions: an
 *    unverified registration or unconfirmed job seeker may be a stranger's pre-registration, and
 *    never joins the person whose mailbox was proven (the pre-hijacking rule).
 *
 * Run on a row that is not proven, the batch changes nothing but step 4's deletions of others'
 * rows; callers prove the row first (in the same batch, before these).
 */
export function linkToPersonStatements(
  db: Db,
  type: RoleType,
  roleId: string,
  email: string,
  newPersonId: string,
  now = new Date(),
): Statement[] {
  const table = roleTables[type];
  const ms = now.getTime();
  return [
    sql`insert into people (id, email, password_hash, tokens_valid_after, created_at, updated_at)
        select ${newPersonId}, ${email}, password_hash, tokens_valid_after, ${ms}, ${ms}
        from ${table} where id = ${roleId} and person_id is null and password_hash <> ''
        on conflict (email) do update set
          merged_password_hashes = case
            when excluded.password_hash = people.password_hash
              or exists (select 1 from json_each(coalesce(people.merged_password_hashes, '[]'))
                         where value = excluded.password_hash)
            then people.merged_password_hashes
            else json_insert(coalesce(people.merged_password_hashes, '[]'), '$[#]', excluded.password_hash)
          end,
          tokens_valid_after = max(coalesce(people.tokens_valid_after, 0), coalesce(excluded.tokens_valid_after, 0)),
          updated_at = excluded.updated_at`,
    db
      .update(table)
      .set({
        personId: sql`(select id from people where email = ${email})`,
        passwordHash: '',
        updatedAt: now,
      })
      .where(and(eq(table.id, roleId), isNull(table.personId))),
    db
      .update(sessions)
      .set({ personId: sql`(select id from people where email = ${email})` })
      .where(and(eq(sessions.accountType, type), eq(sessions.accountId, roleId))),
    // A student's documents are the person's (their vault).
    ...(type === 'student'
      ? [
          db
            .update(documents)
            .set({ personId: sql`(select id from people where email = ${email})` })
            .where(eq(documents.userId, roleId)),
        ]
      : []),
    // An organisation's owner is its first member.
    ...(type === 'partner' ? [ownerMembershipStatement(roleId, now)] : []),
    ...discardUnprovenStatements(db, email),
  ];
}

/** The statements deleting every unproven row of an address (all roles), with its codes and sessions. */
export function discardUnprovenStatements(db: Db, email: string): Statement[] {
  return roleTypes.flatMap((type) => {
    const table = roleTables[type];
    const unproven = and(eq(table.email, email), isNull(table.personId), sql`not (${provenRow[type]})`);
    const ids = db.select({ id: table.id }).from(table).where(unproven);
    return [
      db
        .delete(oneTimeCodes)
        .where(and(eq(oneTimeCodes.accountType, type), sql`${oneTimeCodes.accountId} in ${ids}`)),
      db.delete(sessions).where(and(eq(sessions.accountType, type), sql`${sessions.accountId} in ${ids}`)),
      db.delete(table).where(unproven),
    ];
  });
}

/** Proven role rows of an address not yet linked to a person (accounts from before people existed). */
export async function unlinkedProvenRows(db: Db, email: string) {
  const found: { type: RoleType; id: string }[] = [];
  for (const type of roleTypes) {
    const table = roleTables[type];
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.email, email), isNull(table.personId), provenRow[type]));
    found.push(...rows.map((r) => ({ type, id: r.id })));
  }
  return found;
}

/**
 * Addresses with proven role rows not linked to a person, at most `max` (the merge's next batch of
 * work; empty once every account from before people existed has been merged).
 */
export async function addressesToMerge(db: Db, max: number) {
  const parts = roleTypes.map((type) => {
    const table = roleTables[type];
    return sql`select ${table.email} as email from ${table} where ${table.personId} is null and ${provenRow[type]}`;
  });
  const rows = await db.all<{ email: string }>(
    sql`select distinct email from (${sql.join(parts, sql` union all `)}) order by email limit ${max}`,
  );
  return rows.map((r) => r.email);
}

/** How many unproven rows an address has (the merge's report counts what it discards). */
export async function unprovenCount(db: Db, email: string) {
  let total = 0;
  for (const type of roleTypes) {
    const table = roleTables[type];
    const [row] = await db
      .select({ n: sql<number>`count(*)` })
      .from(table)
      .where(and(eq(table.email, email), isNull(table.personId), sql`not (${provenRow[type]})`));
    total += row?.n ?? 0;
  }
  return total;
}

/**
 * Makes one of a person's merged passwords their password (the one they just signed in with),
 * while their password is still `current`; the other merged passwords stop working.
 */
export function adoptPasswordStatement(db: Db, personId: string, current: string, adopted: string) {
  return db
    .update(people)
    .set({ passwordHash: adopted, mergedPasswordHashes: null, updatedAt: new Date() })
    .where(and(eq(people.id, personId), eq(people.passwordHash, current)));
}

/**
 * The sessions of a holder: a person's at every door (`'person'`, or a role row that is part of a
 * person), or an account's own (staff, or a role row with no person yet).
 */
export const sessionsOfHolder = (type: string, accountId: string) =>
  type === 'person'
    ? eq(sessions.personId, accountId)
    : or(
        // A role row's own sessions from before it had a person; the sessions of the other members
        // of an organisation (the same partner row, another person) are theirs, not its owner's.
        and(
          eq(sessions.accountType, type as 'student'),
          eq(sessions.accountId, accountId),
          isNull(sessions.personId),
        ),
        type in roleTables
          ? sql`${sessions.personId} = (select person_id from ${roleTables[type as RoleType]} where id = ${accountId})`
          : undefined,
      );
