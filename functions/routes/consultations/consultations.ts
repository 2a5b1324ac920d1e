import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import { REQUEST_RULES } from '#functions/middleware/rate-limit.ts';
import { findConsultation } from '#db/queries/consultations.ts';
import {
  CONSULTATION_MESSAGES,
  bookingSchema,
  cancelSchema,
  consultationIdParam,
  manageQuery,
  rescheduleSchema,
  slotsQuery,
  type BookedResponse,
  type ConsultationChangedResponse,
  type ConsultationResponse,
  type SlotsResponse,
} from '#schemas/consultations.ts';
import {
  book,
  bookingRequest,
  cancel,
  linkLive,
  offeredSlots,
  reschedule,
  tellCounsellor,
  tellPerson,
  viewOf,
} from '#functions/services/consultations/booking.ts';
import { writeAudit } from '#db/queries/audit.ts';
import { manageLinks, verifyManageToken } from '#functions/services/consultations/manage-links.ts';

/** Booking, moving and cancelling: the address's limit (REQUEST_RULES.consultations). */
const limit = (c: Context<AppEnv>) =>
  c.var.limiter.perAddress(
    { name: `${REQUEST_RULES.consultations.name}-address`, ...REQUEST_RULES.consultations.perAddress },
    CONSULTATION_MESSAGES.tooMany,
  );

/**
 * The meeting a manage link names, after checking its token: 404 for a forged token or an unknown
 * meeting alike (nothing tells them apart), 410 once the meeting is a week past.
 */
async function managed(c: Context<AppEnv>, id: string, token: string) {
  const { tokenSecret, tokenIssuer } = config(c.env);
  const found = (await verifyManageToken(tokenSecret, tokenIssuer, token, id))
    ? await findConsultation(c.var.db, id)
    : undefined;
  if (!found) throw new HTTPException(404, { message: CONSULTATION_MESSAGES.invalidLink });
  if (!linkLive(found, new Date()))
    throw new HTTPException(410, { message: CONSULTATION_MESSAGES.expiredLink });
  return found;
}

/**
 * The person's own change to a meeting, in the audit log beside staff's (no staff member): staff
 * reading a meeting's history see who moved or cancelled it. Times only, never the person's details.
 */
const personAudit = (
  c: Context<AppEnv>,
  action: string,
  id: string,
  before?: Record<string, string> | null,
  after?: Record<string, string> | null,
) => writeAudit(c.var.db, { staffId: null, action, entity: 'consultation', entityId: id, before, after });

/** The meeting as it now is, for the manage page's answer. */
async function current(c: Context<AppEnv>, id: string) {
  const found = await findConsultation(c.var.db, id);
  if (!found) throw new HTTPException(404, { message: CONSULTATION_MESSAGES.notFound });
  return viewOf(found, new Date());
}

/**
 * Free consultations with a counsellor: the slots offered (public, never cached: a slot taken a
 * moment ago must disappear), booking without an account, and the manage link's view, move and
 * cancel. Every e-mail carries the calendar invitation of the meeting as it stands.
 */
export const consultationsRouter = new Hono<AppEnv>()
  .get('/slots', validate('query', slotsQuery), async (c) => {
    const query = c.req.valid('query');
    const { slots, offices } = await offeredSlots(c.var.db, query, new Date());
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, timeZone: query.tz, slots, offices } satisfies SlotsResponse);
  })
  .post('/', validate('json', bookingSchema), async (c) => {
    await limit(c);
    const body = c.req.valid('json');
    const id = await book(c.var.db, bookingRequest(body), new Date());
    const link = await manageLinks(c.env, id);
    await tellPerson(c.var.db, c.var.mailer, 'booked', id, { siteUrl: link.siteUrl, manage: link.absolute });
    await tellCounsellor(c.var.db, c.var.mailer, 'booked', id, link.siteUrl);
    await personAudit(c, 'consultation.self_book', id);
    const view = await current(c, id);
    return c.json(
      {
        success: true,
        message: CONSULTATION_MESSAGES.booked,
        consultation: {
          id,
          start: view.start,
          end: view.end,
          status: 'booked',
          counsellor: view.counsellor,
        },
        manageUrl: link.relative,
      } satisfies BookedResponse,
      201,
    );
  })
  .get('/:id', validate('param', consultationIdParam), validate('query', manageQuery), async (c) => {
    const found = await managed(c, c.req.valid('param').id, c.req.valid('query').t);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, consultation: viewOf(found, new Date()) } satisfies ConsultationResponse);
  })
  .post(
    '/:id/reschedule',
    validate('param', consultationIdParam),
    validate('json', rescheduleSchema),
    async (c) => {
      await limit(c);
      const { t, start } = c.req.valid('json');
      const found = await managed(c, c.req.valid('param').id, t);
      await reschedule(c.var.db, found, new Date(start), new Date());
      const link = await manageLinks(c.env, found.meeting.id);
      await tellPerson(c.var.db, c.var.mailer, 'rescheduled', found.meeting.id, {
        siteUrl: link.siteUrl,
        manage: link.absolute,
      });
      // The move may have gone to a colleague of the counsellor who held it: both are told.
      const moved = await findConsultation(c.var.db, found.meeting.id);
      await tellCounsellor(c.var.db, c.var.mailer, 'rescheduled', found.meeting.id, link.siteUrl);
      if (moved && moved.counsellor.id !== found.counsellor.id)
        await tellCounsellor(
          c.var.db,
          c.var.mailer,
          'reassignedFrom',
          found.meeting.id,
          link.siteUrl,
          found.counsellor,
        );
      await personAudit(
        c,
        'consultation.self_reschedule',
        found.meeting.id,
        {
          start: found.meeting.startAt.toISOString(),
          counsellorId: found.counsellor.id,
        },
        moved && { start: moved.meeting.startAt.toISOString(), counsellorId: moved.counsellor.id },
      );
      return c.json({
        success: true,
        message: CONSULTATION_MESSAGES.rescheduled,
        consultation: await current(c, found.meeting.id),
      } satisfies ConsultationChangedResponse);
    },
  )
  .post('/:id/cancel', validate('param', consultationIdParam), validate('json', cancelSchema), async (c) => {
    await limit(c);
    const { t, reason } = c.req.valid('json');
    const found = await managed(c, c.req.valid('param').id, t);
    await cancel(c.var.db, found.meeting.id, reason || null, new Date());
    const link = await manageLinks(c.env, found.meeting.id);
    await tellPerson(c.var.db, c.var.mailer, 'cancelled', found.meeting.id, {
      siteUrl: link.siteUrl,
      manage: link.absolute,
    });
    await tellCounsellor(c.var.db, c.var.mailer, 'cancelled', found.meeting.id, link.siteUrl);
    await personAudit(c, 'consultation.self_cancel', found.meeting.id);
    return c.json({
      success: true,
      message: CONSULTATION_MESSAGES.cancelled,
      consultation: await current(c, found.meeting.id),
    } satisfies ConsultationChangedResponse);
  });
