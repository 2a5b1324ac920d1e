import { z } from 'zod';
import { emailField } from './email.ts';

/**
 * The people of a partner organisation: its owner and the members the owner invited (the partner
 * dashboard's "Members" tab), the invitation link's page, and handing the organisation over. Paths
 * sit under `/api/partner`.
 */

export const memberRoles = ['owner', 'member'] as const;

/** One row of the members list: a person who belongs, or an invitation still waiting. */
export const partnerMember = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(memberRoles),
  /** `invited`: the link has not been followed yet; `expired`: nor will it be (invite again). */
  status: z.enum(['active', 'invited', 'expired']),
  /** The row of the person who asked. */
  you: z.boolean(),
});
export type PartnerMember = z.infer<typeof partnerMember>;

/** GET /api/partner/members */
export const partnerMembersResponse = z.object({
  success: z.literal(true),
  /** What the person asking is: only the owner invites, removes and hands over. */
  yourRole: z.enum(memberRoles),
  /** The contact person's address from the registration: the invitation form offers it. */
  contactEmail: z.string(),
  members: z.array(partnerMember),
});
export type PartnerMembersResponse = z.infer<typeof partnerMembersResponse>;

/** POST /api/partner/members: invite an address (a link e-mailed to it). */
export const inviteMemberSchema = z.object({ email: emailField });

/** DELETE /api/partner/members/:id */
export const memberIdParam = z.object({ id: z.uuid('No such member') });

/** POST /api/partner/members/handover: the member who becomes the owner. */
export const handoverSchema = z.object({ memberId: z.uuid('Choose a member') });

export const INVITATION_INVALID =
  'This invitation link is not valid or has expired. Ask the organisation for a new one.';
/** The invitation link's token (GET …/invitation?t=, POST …/invitation/accept). */
const invitationToken = z.string({ error: INVITATION_INVALID }).min(1, INVITATION_INVALID).max(2000);
export const invitationQuery = z.object({ t: invitationToken });

/** GET /api/partner/invitation: what the link's page shows before the person accepts. */
export const invitationResponse = z.object({
  success: z.literal(true),
  companyName: z.string(),
  email: z.string(),
  /** Whether the address is already an account: sign in with its password, or set one. */
  hasAccount: z.boolean(),
});
export type InvitationResponse = z.infer<typeof invitationResponse>;

/**
 * POST /api/partner/invitation/accept: the link's token and either the account's password (an
 * address that is one already) or a new one (the specs' 6-character rule; common ones are refused
 * on the server).
 */
export const acceptInvitationSchema = z.object({
  t: invitationToken,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password must be at most 200 characters'),
});
export const NEW_PASSWORD_SHORT = 'Password must be at least 6 characters';

export const INVITATION_SENT = (email: string) =>
  `We e-mailed an invitation to ${email}. The link works for 7 days.`;
export const INVITATION_ACCEPTED = (company: string) =>
  `You are now a member of ${company}. Sign in with your e-mail address and password.`;
export const LEFT_ORGANISATION =
  'You have left the organisation and are signed out of its dashboard. Your other roles, if any, are kept.';
export const MEMBER_REMOVED = 'The member has been removed and signed out.';
export const HANDED_OVER = (email: string) => `${email} now owns the organisation. You stay a member.`;
export const OWNER_ONLY = "Only the organisation's owner can do that.";
export const ALREADY_MEMBER = 'This address is already a member of your organisation.';
export const IN_ANOTHER_ORGANISATION = 'This address already belongs to another partner organisation.';
export const INVITE_YOURSELF = 'This is your own address: you are already the owner.';
export const TOO_MANY_MEMBERS = 'Your organisation has reached its limit of 20 members and invitations.';
export const NO_SUCH_MEMBER = 'No such member.';
export const OWNERSHIP_CHANGED = 'The organisation was handed over just now. Reload to see who owns it.';
export const WRONG_ACCOUNT_PASSWORD =
  'That is not the password of the account with this address. Use "Forgot password?" on the sign-in page if you need a new one.';
export const OWNER_WITH_MEMBERS = (company: string) =>
  `You own ${company}, which has other members. Hand it over to one of them, or remove them, under Members before deleting it.`;
