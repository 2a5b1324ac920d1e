import { batch } from '#db/batch.ts';
import type { Db } from '#db/client.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { findPartner, type PartnerRow } from '#db/queries/partners.ts';
import {
  acceptStatements,
  handoverStatements,
  leaveStatements,
  memberRowCount,
  membersOf,
  otherMemberCount,
  pendingInvitation,
  removeMemberStatements,
  upsertInvitation,
} from '#db/queries/partner-members.ts';
import {
  discardUnprovenStatements,
  personById,
  personWithoutRolesDelete,
  roleIdOf,
} from '#db/queries/people.ts';
import { getSite } from '#db/queries/site-content.ts';
import { normalizeEmail } from '#schemas/email.ts';
import {
  ALREADY_MEMBER,
  INVITATION_INVALID,
  INVITE_YOURSELF,
  IN_ANOTHER_ORGANISATION,
  NEW_PASSWORD_SHORT,
  NO_SUCH_MEMBER,
  OWNERSHIP_CHANGED,
  OWNER_ONLY,
  OWNER_WITH_MEMBERS,
  TOO_MANY_MEMBERS,
  WRONG_ACCOUNT_PASSWORD,
  type PartnerMember,
} from '#schemas/partner-members.ts';
import { isUniqueViolation } from '../db-errors.ts';
import { Conflict, Forbidden, Invalid, NotFound, Unauthenticated } from '../errors.ts';
import { notificationEmail } from '../mail/emails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { assertNotCommon } from '../security/common-passwords.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { readPurposeToken, signPurposeToken } from '../security/tokens.ts';
import { findPerson } from './people.ts';

/**
 * The members of a partner organisation (docs/decisions/032-one-person-many-roles.md, "Members of a
 * partner organisation"). The four-step registration makes the organisation and its owner; the
 * owner invites others by e-mail (the registration's contact person first of all). The link proves
 * the invited mailbox, so following it makes the address a person (with the password they set) or,
 * for an address that is one already, asks that person's password; from then on the member signs in
 * at the partners' door with their own address and password and sees the organisation's dashboard.
 * Only the owner invites, removes, hands the organisation over or deletes it; an owner whose
 * organisation has other members hands it over (or removes them) before deleting it.
 *
 * Every partner session names the organisation (the token's subject, which every partner route
 * reads); who signed in is the session's person (`c.var.sessionPerson`).
 */

const INVITATION_AUDIENCE = 'partner-invitation';
const INVITATION_SECONDS = 7 * 24 * 3600;
/** Members and invitations an organisation may have: enough for an agency's team, not a mailing list. */
const MAX_ROWS = 20;

interface Keys {
  tokenSecret: string;
  tokenIssuer: string;
}

/** Who is asking at the partners' door: the organisation, and whether the session's person owns it. */
export async function memberOfSession(db: Db, partnerId: string, sessionPerson: string | null) {
  const partner = await findPartner(db, partnerId);
  if (!partner) throw new Unauthenticated('Your session is not valid. Please log in again.');
  // A session without a person is an owner's from before people existed (the partner row alone).
  const isOwner = sessionPerson === null || partner.personId === sessionPerson;
  return { partner, isOwner };
}

/** The owner's organisation, or 403 for a member. */
async function ownedBy(db: Db, partnerId: string, sessionPerson: string | null) {
  const asked = await memberOfSession(db, partnerId, sessionPerson);
  if (!asked.isOwner || !asked.partner.personId) throw new Forbidden(OWNER_ONLY);
  return { ...asked.partner, personId: asked.partner.personId };
}

/** The members list as the dashboard shows it. */
export async function listMembers(db: Db, partnerId: string, sessionPerson: string | null, now = new Date()) {
  const { partner, isOwner } = await memberOfSession(db, partnerId, sessionPerson);
  const rows = await membersOf(db, partnerId);
  const members: PartnerMember[] = rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.acceptedAt
      ? 'active'
      : row.invitationExpiresAt && row.invitationExpiresAt > now
        ? 'invited'
        : 'expired',
    you: row.personId !== null && row.personId === (sessionPerson ?? partner.personId),
  }));
  return {
    yourRole: isOwner ? ('owner' as const) : ('member' as const),
    contactEmail: partner.contactEmail,
    members,
  };
}

/**
 * Invites an address to the organisation: a link, signed and valid 7 days, whose id the row keeps
 * (inviting the address again replaces it: the older link stops working). Returns the normalised address.
 */
export async function inviteMember(
  db: Db,
  mailer: Mailer,
  keys: Keys & { siteUrl: string },
  asked: { partnerId: string; sessionPerson: string | null },
  email: string,
  now = new Date(),
) {
  const partner = await ownedBy(db, asked.partnerId, asked.sessionPerson);
  const address = normalizeEmail(email);
  const owner = await personById(db, partner.personId);
  if (owner?.email === address) throw new Invalid(INVITE_YOURSELF);
  if ((await memberRowCount(db, partner.id)) >= MAX_ROWS) throw new Conflict(TOO_MANY_MEMBERS);
  const invitationId = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + INVITATION_SECONDS * 1000);
  const fresh = await upsertInvitation(
    db,
    { id: crypto.randomUUID(), partnerId: partner.id, email: address, invitationId, expiresAt },
    now,
  );
  if (!fresh) throw new Conflict(ALREADY_MEMBER);
  const [row] = (await membersOf(db, partner.id)).filter((m) => m.email === address && !m.acceptedAt);
  if (!row) throw new Conflict(ALREADY_MEMBER);
  const token = await signPurposeToken(
    keys.tokenSecret,
    keys.tokenIssuer,
    { audience: INVITATION_AUDIENCE, subject: row.id, id: invitationId, seconds: INVITATION_SECONDS },
    now.getTime(),
  );
  const site = await getSite(db);
  const link = `${keys.siteUrl}/account/partner-invitation?t=${encodeURIComponent(token)}`;
  await mailer.send(
    notificationEmail(site, address, `You are invited to ${partner.companyName} on ${site.companyName}`, [
      'Hello,',
      `${partner.ownerFirstName} ${partner.ownerLastName} invites you to join ${partner.companyName} as a member of its partner account with ${site.companyName}: you will see and send its student admission and hiring requests.`,
      `Accept with this link within 7 days: ${link}`,
      'If you do not know this organisation, ignore this e-mail: nothing happens without the link.',
    ]),
  );
  return address;
}

/** The waiting invitation a link opens, or 400: a link that is forged, expired, replaced or used. */
export async function openInvitation(db: Db, keys: Keys, token: string, now = new Date()) {
  const payload = await readPurposeToken(keys.tokenSecret, keys.tokenIssuer, INVITATION_AUDIENCE, token);
  const row = payload ? await pendingInvitation(db, payload.sub) : undefined;
  if (
    !payload ||
    !row ||
    row.invitationId !== payload.jti ||
    !row.expiresAt ||
    row.expiresAt.getTime() <= now.getTime()
  )
    throw new Invalid(INVITATION_INVALID);
  return { ...row, invitationId: payload.jti };
}

/** What the invitation's page shows: the organisation, the address, and whether it is an account already. */
export async function describeInvitation(db: Db, keys: Keys, token: string) {
  const invitation = await openInvitation(db, keys, token);
  const person = await findPerson(db, invitation.email);
  return { companyName: invitation.companyName, email: invitation.email, hasAccount: !!person };
}

/**
 * Accepts an invitation with the link: the address is proven by it. An address that is a person
 * already gives that person's password; one that is not becomes a person with the password given
 * (and any unproven registration of it goes: the pre-hijacking rule). Single use, in one conditional
 * statement. Returns the organisation's name.
 */
export async function acceptInvitation(
  db: Db,
  invitation: Awaited<ReturnType<typeof openInvitation>>,
  password: string,
) {
  const existing = await findPerson(db, invitation.email);
  let personId: string;
  let newPasswordHash: string | undefined;
  if (existing) {
    if (!(await verifyPassword(password, existing.passwordHash))) throw new Invalid(WRONG_ACCOUNT_PASSWORD);
    if (await roleIdOf(db, 'partner', existing.id)) throw new Conflict(IN_ANOTHER_ORGANISATION);
    personId = existing.id;
  } else {
    if (password.length < 6) throw new Invalid(NEW_PASSWORD_SHORT);
    await assertNotCommon(password);
    personId = crypto.randomUUID();
    newPasswordHash = await hashPassword(password);
  }
  const statements = acceptStatements(db, invitation, { id: personId, newPasswordHash });
  let results;
  try {
    results = await batch(db, [
      ...statements,
      ...(newPasswordHash ? discardUnprovenStatements(db, invitation.email) : []),
    ]);
  } catch (error) {
    // The address became a person, or joined another organisation, since the checks above.
    if (isUniqueViolation(error)) throw new Conflict(IN_ANOTHER_ORGANISATION);
    throw error;
  }
  if (!results[statements.length - 1]?.meta.changes) throw new Invalid(INVITATION_INVALID);
  return invitation.companyName;
}

/** Removes a member or withdraws an invitation (owner only; the owner's own row is not removable). */
export async function removeMember(
  db: Db,
  asked: { partnerId: string; sessionPerson: string | null },
  memberId: string,
) {
  const partner = await ownedBy(db, asked.partnerId, asked.sessionPerson);
  const results = await batch(db, removeMemberStatements(db, partner.id, memberId));
  if (!results[1]?.meta.changes) throw new NotFound(NO_SUCH_MEMBER);
}

/**
 * Hands the organisation over to a member who has joined: they become its owner, the owner a
 * member. The first statement decides (handoverStatements), so two handovers at once leave one
 * owner. Returns the new owner's address.
 */
export async function handOver(
  db: Db,
  asked: { partnerId: string; sessionPerson: string | null },
  memberId: string,
) {
  const partner = await ownedBy(db, asked.partnerId, asked.sessionPerson);
  const target = (await membersOf(db, partner.id)).find((m) => m.id === memberId);
  if (!target || target.role !== 'member' || !target.acceptedAt) throw new NotFound(NO_SUCH_MEMBER);
  let results;
  try {
    results = await batch(db, [
      ...handoverStatements(db, partner.id, partner.personId, memberId),
      auditInsert(db, {
        staffId: null,
        action: 'partner.handover',
        entity: 'partners',
        entityId: partner.id,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(IN_ANOTHER_ORGANISATION);
    throw error;
  }
  if (!results[0]?.meta.changes) throw new Conflict(OWNERSHIP_CHANGED);
  return target.email;
}

/**
 * What deleting the partner role means for whoever asks: a member leaves the organisation
 * (`leave`); its owner deletes it with their role (`erase`), which is refused (409) while it has
 * other members: they hand it over or remove them first.
 */
export async function partnerRoleDeletion(db: Db, partner: PartnerRow, sessionPerson: string | null) {
  if (sessionPerson !== null && partner.personId !== sessionPerson) return 'leave' as const;
  if ((await otherMemberCount(db, partner.id)) > 0)
    throw new Conflict(OWNER_WITH_MEMBERS(partner.companyName));
  return 'erase' as const;
}

/** A member leaves their organisation; the person goes too when it was their last role. */
export async function leaveOrganisation(db: Db, partnerId: string, personId: string) {
  const results = await batch(db, [
    ...leaveStatements(db, partnerId, personId),
    personWithoutRolesDelete(personId),
  ]);
  return { sessions: results[0]?.meta.changes ?? 0, partnerMembers: results[1]?.meta.changes ?? 0 };
}
