import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  addClosure,
  consultationOffices,
  listClosures,
  listCounsellors,
  meetingsBetween,
  removeClosure,
  saveCounsellor,
  updateConsultationRecord,
} from '#db/queries/consultations.ts';
import { writeAudit } from '#db/queries/audit.ts';
import { idParam } from '#schemas/admin/index.ts';
import {
  calendarQuery,
  closureSchema,
  counsellorSchema,
  meetingRecordSchema,
  type CalendarResponse,
  type ClosureList,
  type ClosureSaved,
  type CounsellorList,
  type CounsellorSaved,
} from '#schemas/admin/counsellors.ts';
import type { OkOnly, Wire } from '#schemas/responses.ts';
import { addDays } from '#schemas/zoned-time.ts';
import { bookingSchema, type BookedResponse } from '#schemas/consultations.ts';
import { CONSULTATION_MESSAGES } from '#schemas/consultation-rules.ts';
import { book, bookingRequest, tellPerson } from '#functions/services/consultations/booking.ts';
import { manageLinks } from '#functions/services/consultations/manage-links.ts';
import { findConsultation } from '#db/queries/consultations.ts';
import { adminOnly } from './shared.ts';

const NOT_FOUND = 'No such counsellor.';

/** Every office a period or a closure names must exist. */
async function checkOffices(c: { var: AppEnv['Variables'] }, ids: (string | null | undefined)[]) {
  const known = new Set((await consultationOffices(c.var.db)).map((o) => o.id));
  const unknown = ids.find((id) => id && !known.has(id));
  if (unknown) throw new HTTPException(400, { message: `Unknown office: ${unknown}` });
}

/**
 * Counsellors who hold free consultations: their modes, topics, meeting length, buffer, notice,
 * booking window and weekly hours at offices (read in each office's zone), the closures that take
 * days out, and the calendar of their meetings with what became of each. Admins only: the
 * calendar names the people who booked. Every change is audited.
 */
export const adminCounsellors = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', async (c) => {
    const counsellors = await listCounsellors(c.var.db);
    return c.json({ success: true, counsellors } satisfies Wire<CounsellorList>);
  })
  .post('/', validate('json', counsellorSchema), async (c) => {
    const body = c.req.valid('json');
    await checkOffices(
      c,
      body.hours.map((h) => h.officeId),
    );
    const id = await saveCounsellor(c.var.db, null, {
      ...body,
      staffId: body.staffId ?? null,
      email: body.email ?? null,
      videoLink: body.videoLink ?? null,
    });
    const counsellor = (await listCounsellors(c.var.db)).find((x) => x.id === id)!;
    await writeAudit(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'counsellor.create',
      entity: 'counsellor',
      entityId: counsellor.id,
      after: counsellor,
    });
    return c.json({ success: true, counsellor } satisfies Wire<CounsellorSaved>, 201);
  })
  .put('/:id', validate('param', idParam), validate('json', counsellorSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    await checkOffices(
      c,
      body.hours.map((h) => h.officeId),
    );
    const before = (await listCounsellors(c.var.db)).find((x) => x.id === id);
    const saved = await saveCounsellor(c.var.db, id, {
      ...body,
      staffId: body.staffId ?? null,
      email: body.email ?? null,
      videoLink: body.videoLink ?? null,
    });
    if (!saved || !before) throw new HTTPException(404, { message: NOT_FOUND });
    const counsellor = (await listCounsellors(c.var.db)).find((x) => x.id === id)!;
    await writeAudit(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'counsellor.update',
      entity: 'counsellor',
      entityId: id,
      before,
      after: counsellor,
    });
    return c.json({ success: true, counsellor } satisfies Wire<CounsellorSaved>);
  })
  .get('/closures', async (c) => {
    const today = new Date().toISOString().slice(0, 10);
    const closures = await listClosures(c.var.db, addDays(today, -1));
    return c.json({ success: true, closures } satisfies Wire<ClosureList>);
  })
  .post('/closures', validate('json', closureSchema), async (c) => {
    const body = c.req.valid('json');
    await checkOffices(c, [body.officeId]);
    if (body.counsellorId && !(await listCounsellors(c.var.db)).some((x) => x.id === body.counsellorId))
      throw new HTTPException(400, { message: NOT_FOUND });
    const closure = await addClosure(c.var.db, {
      counsellorId: body.counsellorId ?? null,
      officeId: body.officeId ?? null,
      date: body.date,
      startMinute: body.startMinute ?? null,
      endMinute: body.endMinute ?? null,
      reason: body.reason ?? null,
    });
    await writeAudit(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'closure.create',
      entity: 'counsellor-closure',
      entityId: closure.id,
      after: closure,
    });
    return c.json({ success: true, closure } satisfies Wire<ClosureSaved>, 201);
  })
  .delete('/closures/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await removeClosure(c.var.db, id))) throw new HTTPException(404, { message: 'No such closure.' });
    await writeAudit(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'closure.delete',
      entity: 'counsellor-closure',
      entityId: id,
    });
    return c.json({ success: true } satisfies OkOnly);
  })
  .get('/calendar', validate('query', calendarQuery), async (c) => {
    const { from, to, counsellor } = c.req.valid('query');
    // Dates are UTC days here: the calendar's page asks a day either side of what it shows.
    const meetings = await meetingsBetween(
      c.var.db,
      new Date(`${from}T00:00:00Z`),
      new Date(`${addDays(to, 1)}T00:00:00Z`),
      counsellor,
    );
    return c.json({ success: true, meetings } satisfies Wire<CalendarResponse>);
  })
  // Staff book for a person (on the phone, at the desk): the same statement decides as for the
  // public, without the address's three-meeting limit; the person gets the same e-mail and link.
  .post('/meetings', validate('json', bookingSchema), async (c) => {
    const body = c.req.valid('json');
    const id = await book(c.var.db, bookingRequest(body), new Date(), c.var.auth.sub);
    const link = await manageLinks(c.env, id);
    await tellPerson(c.var.db, c.var.mailer, 'booked', id, { siteUrl: link.siteUrl, manage: link.absolute });
    const found = (await findConsultation(c.var.db, id))!;
    await writeAudit(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'consultation.book',
      entity: 'consultation',
      entityId: id,
    });
    return c.json(
      {
        success: true,
        message: CONSULTATION_MESSAGES.booked,
        consultation: {
          id,
          start: found.meeting.startAt.toISOString(),
          end: found.meeting.endAt.toISOString(),
          status: 'booked',
          counsellor: { name: found.counsellor.name },
        },
        manageUrl: link.relative,
      } satisfies BookedResponse,
      201,
    );
  })
  .patch('/meetings/:id', validate('param', idParam), validate('json', meetingRecordSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    if (!(await updateConsultationRecord(c.var.db, id, body, new Date(), c.var.auth.sub)))
      throw new HTTPException(404, { message: 'No such meeting, or it was cancelled.' });
    await writeAudit(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'consultation.record',
      entity: 'consultation',
      entityId: id,
      after: body,
    });
    return c.json({ success: true } satisfies OkOnly);
  });
