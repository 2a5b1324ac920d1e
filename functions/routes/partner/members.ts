import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import { REQUEST_RULES } from '#functions/middleware/rate-limit.ts';
import {
  acceptInvitation,
  describeInvitation,
  handOver,
  inviteMember,
  listMembers,
  openInvitation,
  removeMember,
} from '#functions/services/accounts/partner-members.ts';
import type { MessageResponse } from '#schemas/responses.ts';
import {
  HANDED_OVER,
  INVITATION_ACCEPTED,
  INVITATION_SENT,
  MEMBER_REMOVED,
  acceptInvitationSchema,
  handoverSchema,
  invitationQuery,
  inviteMemberSchema,
  memberIdParam,
  type InvitationResponse,
  type PartnerMembersResponse,
} from '#schemas/partner-members.ts';

const auth = requireAuth('partner');
const tooMany = (wait: string) => `Too many tries. Please try again in ${wait}.`;
const asked = (c: { var: AppEnv['Variables'] }) => ({
  partnerId: c.var.auth.sub,
  sessionPerson: c.var.sessionPerson,
});

/**
 * The members of the signed-in partner organisation (services/accounts/partner-members.ts), and the
 * invitation link's two requests, which the link's token authorises (it opens in whatever browser
 * the mail app uses, signed in or not).
 */
export const partnerMembersRoutes = new Hono<AppEnv>()
  .get('/members', auth, async (c) => {
    const list = await listMembers(c.var.db, c.var.auth.sub, c.var.sessionPerson);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, ...list } satisfies PartnerMembersResponse);
  })
  .post('/members', auth, validate('json', inviteMemberSchema), async (c) => {
    // Each invitation is an e-mail to an address of the owner's choosing: a few an hour.
    await c.var.limiter.rule('partner', REQUEST_RULES.resend, c.var.auth.sub, tooMany);
    const address = await inviteMember(
      c.var.db,
      c.var.mailer,
      config(c.env),
      asked(c),
      c.req.valid('json').email,
    );
    return c.json({ success: true, message: INVITATION_SENT(address) } satisfies MessageResponse, 201);
  })
  .delete('/members/:id', auth, validate('param', memberIdParam), async (c) => {
    await removeMember(c.var.db, asked(c), c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: MEMBER_REMOVED } satisfies MessageResponse);
  })
  .post('/members/handover', auth, validate('json', handoverSchema), async (c) => {
    const email = await handOver(c.var.db, asked(c), c.req.valid('json').memberId);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: HANDED_OVER(email) } satisfies MessageResponse);
  })
  .get('/invitation', validate('query', invitationQuery), async (c) => {
    const shown = await describeInvitation(c.var.db, config(c.env), c.req.valid('query').t);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, ...shown } satisfies InvitationResponse);
  })
  .post('/invitation/accept', validate('json', acceptInvitationSchema), async (c) => {
    const { t, password } = c.req.valid('json');
    const invitation = await openInvitation(c.var.db, config(c.env), t);
    // An address that is an account already gives its password here: limited per invitation like
    // a code, so a link is no way round the sign-in limits.
    await c.var.limiter.rule('partner', REQUEST_RULES.verify, `invitation:${invitation.id}`, tooMany);
    const company = await acceptInvitation(c.var.db, invitation, password);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: INVITATION_ACCEPTED(company) } satisfies MessageResponse);
  });
