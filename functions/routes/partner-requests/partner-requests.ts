import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import { insertPartnerRequest } from '#db/queries/partners.ts';
import { REQUEST_MESSAGES, partnerRequestSchema } from '#schemas/partner.ts';
import { notifyStaff } from '#functions/services/mail/notify.ts';
import { partnerRequestEmail, trySend } from '#functions/services/mail/confirmations.ts';
import { getSite } from '#db/queries/site-content.ts';
import { noticeAbout } from '#db/queries/outbox.ts';
import { currentPartner } from '#functions/services/accounts/partners.ts';
import { REQUEST_RULES } from '#functions/middleware/rate-limit.ts';
import type { RequestSubmittedResponse } from '#schemas/partner.ts';

/**
 * Partner requests (spec 2 section 7): admission (type student) and hiring (type employee). Stored
 * against the authenticated partner; a partner id in the body is never read.
 */
export const partnerRequestsRouter = new Hono<AppEnv>().post(
  '/submit',
  requireAuth('partner'),
  validate('json', partnerRequestSchema),
  async (c) => {
    const input = c.req.valid('json');
    const db = c.var.db;
    // Each request e-mails the team: limited per partner and per address.
    await c.var.limiter.rule(
      'partner',
      REQUEST_RULES.partnerRequest,
      c.var.auth.sub,
      (wait) => `You have sent many requests in a short time. Please try again in ${wait}.`,
    );
    const partner = await currentPartner(db, c.var.auth.sub);
    if (partner.approvalStatus === 'suspended') {
      throw new HTTPException(403, { message: 'Your partner account is suspended. Please contact us.' });
    }
    const { type, ...fields } = input;
    const title = input.type === 'student' ? input.courseName : input.jobTitle;
    const data = { ...fields, companyName: fields.companyName || partner.companyName };
    const id = crypto.randomUUID();
    const now = new Date();
    await insertPartnerRequest(db, {
      id,
      partnerId: partner.id,
      type,
      title,
      data,
      status: 'submitted',
      createdAt: now,
      updatedAt: now,
    });

    // The team hears about it; a mail outage must not lose the stored request.
    const kind = type === 'student' ? 'student admission' : 'employee hiring';
    try {
      await notifyStaff(
        db,
        c.var.mailer,
        `New ${kind} request from ${partner.companyName}`,
        [
          `${partner.companyName} submitted a ${kind} request: ${title}.`,
          `Contact: ${data.contactEmail}, ${data.contactPhone}.`,
          'Review it in the back office.',
        ],
        noticeAbout.account('partner', partner.id),
      );
    } catch (error) {
      console.error('Staff notification failed', error);
    }
    // The partner gets what they sent in writing, as students and job seekers do.
    await trySend(
      c.var.mailer,
      partnerRequestEmail(await getSite(db), config(c.env).siteUrl, {
        id,
        to: partner.email,
        name: partner.ownerFirstName,
        company: data.companyName,
        type,
        title,
        places: input.numberOfPositions,
        location: data.location,
        deadline: data.applicationDeadline,
        contactEmail: data.contactEmail,
        contactPhone: data.contactPhone,
        at: now,
      }),
      'partner-request',
    );
    return c.json(
      {
        success: true,
        message: REQUEST_MESSAGES[type].success,
        request: { _id: id, id, type, title, status: 'submitted', createdAt: now.toISOString() },
      } satisfies RequestSubmittedResponse,
      201,
    );
  },
);
