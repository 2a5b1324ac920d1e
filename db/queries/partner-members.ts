import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { Statement } from '../batch.ts';
import { partnerMembers, partners, people, sessions } from '../schema/index.ts';

// The statements behind the members of a partner organisation; why it works this way is
// functions/services/accounts/partner-members.ts.

/**
 * The statement that makes a partner's owner person its owner member, once the partner is linked to
 * a person (nothing when it is not, or when the row exists): run with every link, so an
 * organisation whose owner proves their address later gets its row then.
 */
export const ownerMembershipStatement = (partnerId: string, now = new Date(), id = crypto.randomUUID()) =>
  sql`insert into partner_members (id, partner_id, person_id, email, role, accepted_at, created_at, updated_at)
      select ${id}, p.id, p.person_id, people.email, 'owner', ${now.getTime()}, ${now.getTime()}, ${now.getTime()}
      from partners p join people on people.id = p.person_id
      where p.id = ${partnerId}
      on conflict do nothing`;

/** The members of an organisation and its invitations, the owner first, then by when they were added. */
export function membersOf(db: Db, partnerId: string) {
  return db
    .select({
      id: partnerMembers.id,
      personId: partnerMembers.personId,
      email: sql<string>`coalesce(${people.email}, ${partnerMembers.email})`,
      role: partnerMembers.role,
      acceptedAt: partnerMembers.acceptedAt,
      invitationExpiresAt: partnerMembers.invitationExpiresAt,
    })
    .from(partnerMembers)
    .leftJoin(people, eq(people.id, partnerMembers.personId))
    .where(eq(partnerMembers.partnerId, partnerId))
    .orderBy(sql`${partnerMembers.role} = 'owner' desc`, asc(partnerMembers.createdAt));
}

/** How many members other than the owner have joined an organisation (invitations not counted). */
export async function otherMemberCount(db: Db, partnerId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(partnerMembers)
    .where(
      and(
        eq(partnerMembers.partnerId, partnerId),
        ne(partnerMembers.role, 'owner'),
        isNotNull(partnerMembers.acceptedAt),
      ),
    );
  return row?.n ?? 0;
}

/** How many rows (members and invitations) an organisation has. */
export async function memberRowCount(db: Db, partnerId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(partnerMembers)
    .where(eq(partnerMembers.partnerId, partnerId));
  return row?.n ?? 0;
}

/**
 * Invites an address: a new row, or the waiting invitation of the same address given a new link
 * (the older link stops working). Never touches a row already accepted: false then.
 */
export async function upsertInvitation(
  db: Db,
  invitation: { id: string; partnerId: string; email: string; invitationId: string; expiresAt: Date },
  now = new Date(),
) {
  const ms = now.getTime();
  const result = await db.run(sql`
    insert into partner_members (id, partner_id, email, role, invitation_id, invited_at, invitation_expires_at, created_at, updated_at)
    values (${invitation.id}, ${invitation.partnerId}, ${invitation.email}, 'member', ${invitation.invitationId}, ${ms}, ${invitation.expiresAt.getTime()}, ${ms}, ${ms})
    on conflict (partner_id, email) do update set
      invitation_id = excluded.invitation_id,
      invited_at = excluded.invited_at,
      invitation_expires_at = excluded.invitation_expires_at,
      updated_at = excluded.updated_at
    where partner_members.accepted_at is null`);
  return (result.meta.changes ?? 0) > 0;
}

/** A waiting invitation by its row id, with its organisation's name (undefined: no such row, or accepted). */
export async function pendingInvitation(db: Db, id: string) {
  const [row] = await db
    .select({
      id: partnerMembers.id,
      partnerId: partnerMembers.partnerId,
      email: partnerMembers.email,
      invitationId: partnerMembers.invitationId,
      expiresAt: partnerMembers.invitationExpiresAt,
      companyName: partners.companyName,
    })
    .from(partnerMembers)
    .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
    .where(and(eq(partnerMembers.id, id), sql`${partnerMembers.acceptedAt} is null`))
    .limit(1);
  return row;
}

/** The condition, inside a statement, that the invitation can still be accepted with link `invitationId`. */
const stillOpen = (id: string, invitationId: string, now: Date) =>
  sql`exists (select 1 from partner_members where id = ${id} and invitation_id = ${invitationId}
      and accepted_at is null and invitation_expires_at > ${now.getTime()})`;

/**
 * The statements that accept an invitation, as one batch: a new person for an address that has none
 * yet (only while the invitation is open, so a used or expired link makes nobody), then the row
 * joined to the person and its link used up, in one conditional statement: of two parallel
 * acceptances one changes the row and the other nothing.
 */
export function acceptStatements(
  db: Db,
  invitation: { id: string; invitationId: string; email: string },
  person: { id: string; newPasswordHash?: string },
  now = new Date(),
): Statement[] {
  const ms = now.getTime();
  return [
    ...(person.newPasswordHash
      ? [
          sql`insert into people (id, email, password_hash, created_at, updated_at)
              select ${person.id}, ${invitation.email}, ${person.newPasswordHash}, ${ms}, ${ms}
              where ${stillOpen(invitation.id, invitation.invitationId, now)}`,
        ]
      : []),
    db
      .update(partnerMembers)
      .set({ personId: person.id, acceptedAt: now, invitationId: null, updatedAt: now })
      .where(
        and(
          eq(partnerMembers.id, invitation.id),
          eq(partnerMembers.invitationId, invitation.invitationId),
          sql`${partnerMembers.acceptedAt} is null`,
          sql`${partnerMembers.invitationExpiresAt} > ${ms}`,
          sql`exists (select 1 from people where id = ${person.id})`,
        ),
      ),
  ];
}

/**
 * The statements that take a member (never the owner) out of an organisation: their sessions at its
 * door first (whoever is removed is signed out of it at once), then the row.
 */
export function removeMemberStatements(db: Db, partnerId: string, memberId: string): Statement[] {
  const member = and(
    eq(partnerMembers.id, memberId),
    eq(partnerMembers.partnerId, partnerId),
    eq(partnerMembers.role, 'member'),
  );
  return [
    db
      .delete(sessions)
      .where(
        and(
          eq(sessions.accountType, 'partner'),
          eq(sessions.accountId, partnerId),
          sql`${sessions.personId} = (select person_id from partner_members where ${member})`,
        ),
      ),
    db.delete(partnerMembers).where(member),
  ];
}

/**
 * The statements that hand an organisation over from its owner to one of its members. The first is
 * the one that decides, in one conditional statement: the partner's owner becomes the member's
 * person only while it is still `ownerId` and the member has joined. Of two parallel handovers one
 * changes it and the other nothing. The member rows then follow whatever it now says (the old
 * owner's row first, so the one-owner index never sees two), as does the address the lists show.
 */
export function handoverStatements(
  db: Db,
  partnerId: string,
  ownerId: string,
  memberId: string,
  now = new Date(),
): Statement[] {
  const newOwner = sql`(select person_id from partner_members where id = ${memberId} and partner_id = ${partnerId}
                        and role = 'member' and accepted_at is not null)`;
  const currentOwner = sql`(select person_id from partners where id = ${partnerId})`;
  return [
    db
      .update(partners)
      .set({
        personId: newOwner,
        email: sql`(select email from people where id = ${newOwner})`,
        updatedAt: now,
      })
      .where(and(eq(partners.id, partnerId), eq(partners.personId, ownerId), sql`${newOwner} is not null`)),
    db
      .update(partnerMembers)
      .set({ role: 'member', updatedAt: now })
      .where(
        and(
          eq(partnerMembers.partnerId, partnerId),
          eq(partnerMembers.role, 'owner'),
          sql`${partnerMembers.personId} <> ${currentOwner}`,
        ),
      ),
    db
      .update(partnerMembers)
      .set({ role: 'owner', updatedAt: now })
      .where(
        and(
          eq(partnerMembers.partnerId, partnerId),
          eq(partnerMembers.role, 'member'),
          sql`${partnerMembers.personId} = ${currentOwner}`,
        ),
      ),
  ];
}

/**
 * The statements by which a member leaves their organisation (deleting their partner role): their
 * sessions at its door, then their row; never the owner's (who hands over or deletes it).
 */
export function leaveStatements(db: Db, partnerId: string, personId: string): Statement[] {
  return [
    db
      .delete(sessions)
      .where(
        and(
          eq(sessions.accountType, 'partner'),
          eq(sessions.accountId, partnerId),
          eq(sessions.personId, personId),
        ),
      ),
    db
      .delete(partnerMembers)
      .where(
        and(
          eq(partnerMembers.partnerId, partnerId),
          eq(partnerMembers.personId, personId),
          eq(partnerMembers.role, 'member'),
        ),
      ),
  ];
}

/** The organisation a person is a member of (not its owner), if any. */
export async function organisationAsMember(db: Db, personId: string) {
  const [row] = await db
    .select({ partnerId: partnerMembers.partnerId })
    .from(partnerMembers)
    .where(and(eq(partnerMembers.personId, personId), eq(partnerMembers.role, 'member')));
  return row?.partnerId;
}
