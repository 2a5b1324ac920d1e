import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  addClosure,
  consultationOffices,
  findClosure,
  findConsultation,
  findCounsellor,
  listClosures,
  listCounsellors,
  meetingsBetween,
  meetingsForExport,
  peopleToBook,
  reassignConsultation,
  removeClosure,
  saveCounsellor,
  updateConsultationRecord,
} from '#db/queries/consultations.ts';
import { writeAudit } from '#db/queries/audit.ts';
import { idParam } from '#schemas/admin/index.ts';
import {
  REASSIGN_MESSAGES,
  STAFF_BOOKING_MESSAGES,
  bookingPeopleQuery,
  calendarQuery,
  closureSchema,
  counsellorSchema,
  meetingRecordSchema,
  reassignSchema,
  staffBookingSchema,
  staffSlotsQuery,
  type BookingPeople,
  type MeetingPerson,
  type CalendarResponse,
  type ClosureList,
  type ClosureSaved,
  type CounsellorList,
  type CounsellorSaved,
} from '#schemas/admin/counsellors.ts';
import type { OkOnly, Wire } from '#schemas/responses.ts';
import { addDays } from '#schemas/zoned-time.ts';
import type { BookedResponse, SlotsResponse } from '#schemas/consultations.ts';
import {
  book,
  bookingRequest,
  changeable,
  offeredSlots,
  tellCounsellor,
  tellPerson,
} from '#functions/services/consultations/booking.ts';
import { manageLinks } from '#functions/services/consultations/manage-links.ts';
import { personOfMeeting } from '#functions/services/consultations/person.ts';
import { config } from '#functions/lib/config.ts';
import {
  CONSULTATION_MESSAGES,
  consultationModeLabels,
  consultationStatusLabels,
  consultationTopicLabels,
} from '#schemas/consultation-rules.ts';
import { adminOnly, searchNeedle, staffOnly, toCsv } from './shared.ts';

const NOT_FOUND = 'No such counsellor.';
const ADMINS_ONLY = 'Only admins may change this counsellor: ask an admin to allow editors.';

type Ctx = { var: AppEnv['Variables'] };
const isAdmin = (c: Ctx) => c.var.auth.role === 'admin';

/**
 * The counsellor a staff member may change: any, for an admin; for an editor, one an admin has
 * opened to editors. 404 for one that does not exist, 403 for one the editor may not change.
 */
async function changeableCounsellor(c: Ctx, id: string) {
  const found = await findCounsellor(c.var.db, id);
  if (!found) throw new HTTPException(404, { message: NOT_FOUND });
  if (!isAdmin(c) && !found.editorsMayEdit) throw new HTTPException(403, { message: ADMINS_ONLY });
  return found;
}

/** Every office a period or a closure names must exist. */
async function checkOffices(c: { var: AppEnv['Variables'] }, ids: (string | null | undefined)[]) {
  const known = new Set((await consultationOffices(c.var.db)).map((o) => o.id));
  const unknown = ids.find((id) => id && !known.has(id));
  if (unknown) throw new HTTPException(400, { message: `Unknown office: ${unknown}` });
}

/**
 * Counsellors who hold free consultations: their modes, topics, meeting length, buffer, notice,
 * booking window and weekly hours at offices (read in each office's zone), the closures that take
 * days out, and the calendar of their meetings with what became of each. The calendar and the
 * meetings are admins' (they name the people who booked); a counsellor's hours, days off and
 * meeting rules are also an editor's where an admin has allowed it for that counsellor. Every
 * change is audited.
 */
export const adminCounsellors = new Hono<AppEnv>()
  .get('/', staffOnly, async (c) => {
    const [all, offices] = await Promise.all([listCounsellors(c.var.db), consultationOffices(c.var.db)]);
    const counsellors = isAdmin(c) ? all : all.filter((x) => x.editorsMayEdit);
    return c.json({
      success: true,
      counsellors,
      offices: offices.map(({ id, name, city, timeZone }) => ({ id, name, city, timeZone })),
      canManage: isAdmin(c),
    } satisfies Wire<CounsellorList>);
  })
  .post('/', adminOnly, validate('json', counsellorSchema), async (c) => {
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
  .put('/:id', staffOnly, validate('param', idParam), validate('json', counsellorSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const row = await changeableCounsellor(c, id);
    await checkOffices(
      c,
      body.hours.map((h) => h.officeId),
    );
    const before = (await listCounsellors(c.var.db)).find((x) => x.id === id);
    // Who may edit, and which staff account the counsellor is, stay an admin's choice.
    const kept = isAdmin(c) ? {} : { editorsMayEdit: row.editorsMayEdit, staffId: row.staffId };
    const saved = await saveCounsellor(c.var.db, id, {
      ...body,
      staffId: body.staffId ?? null,
      email: body.email ?? null,
      videoLink: body.videoLink ?? null,
      ...kept,
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
  .get('/closures', staffOnly, async (c) => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await listClosures(c.var.db, addDays(today, -1));
    const open = isAdmin(c)
      ? null
      : new Set((await listCounsellors(c.var.db)).filter((x) => x.editorsMayEdit).map((x) => x.id));
    const closures = open ? all.filter((x) => x.counsellorId && open.has(x.counsellorId)) : all;
    return c.json({ success: true, closures } satisfies Wire<ClosureList>);
  })
  .post('/closures', staffOnly, validate('json', closureSchema), async (c) => {
    const body = c.req.valid('json');
    await checkOffices(c, [body.officeId]);
    // A whole office's closure is an admin's: it takes every counsellor there out.
    if (!body.counsellorId && !isAdmin(c)) throw new HTTPException(403, { message: ADMINS_ONLY });
    if (body.counsellorId && !(await findCounsellor(c.var.db, body.counsellorId)))
      throw new HTTPException(400, { message: NOT_FOUND });
    if (body.counsellorId) await changeableCounsellor(c, body.counsellorId);
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
  .delete('/closures/:id', staffOnly, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const closure = await findClosure(c.var.db, id);
    if (!closure) throw new HTTPException(404, { message: 'No such closure.' });
    if (!isAdmin(c)) {
      if (!closure.counsellorId) throw new HTTPException(403, { message: ADMINS_ONLY });
      await changeableCounsellor(c, closure.counsellorId);
    }
    if (!(await removeClosure(c.var.db, id))) throw new HTTPException(404, { message: 'No such closure.' });
    await writeAudit(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'closure.delete',
      entity: 'counsellor-closure',
      entityId: id,
    });
    return c.json({ success: true } satisfies OkOnly);
  })
  .get('/calendar', adminOnly, validate('query', calendarQuery), async (c) => {
    const { from, to, counsellor, format } = c.req.valid('query');
    if (format === 'csv') {
      const rows = (
        await meetingsForExport(
          c.var.db,
          new Date(`${from}T00:00:00Z`),
          new Date(`${addDays(to, 1)}T00:00:00Z`),
          counsellor,
        )
      ).map((m) => ({
        ...m,
        mode: consultationModeLabels[m.mode],
        topic: consultationTopicLabels[m.topic],
        status: consultationStatusLabels[m.status],
        bookedByStaff: m.bookedByStaff ? 'yes' : 'no',
      }));
      await writeAudit(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'consultation.export',
        entity: 'consultation',
        after: { from, to, counsellor: counsellor ?? null, rows: rows.length },
      });
      c.header('Cache-Control', 'private, no-store');
      // One row a meeting, staff's notes included (the export is admins').
      const csv = toCsv(rows, [
        { key: 'start', header: 'Start (UTC)' },
        { key: 'end', header: 'End (UTC)' },
        { key: 'counsellor', header: 'Counsellor' },
        { key: 'office', header: 'Office' },
        { key: 'mode', header: 'Mode' },
        { key: 'topic', header: 'Topic' },
        { key: 'status', header: 'Status' },
        { key: 'name', header: 'Name' },
        { key: 'email', header: 'Email' },
        { key: 'phone', header: 'Phone' },
        { key: 'country', header: 'Country' },
        { key: 'timeZone', header: 'Their time zone' },
        { key: 'bookedByStaff', header: 'Booked by staff' },
        { key: 'cancelReason', header: 'Cancel reason' },
        { key: 'notes', header: 'Notes' },
        { key: 'id', header: 'Id' },
      ]);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="consultations-${from}-to-${to}.csv"`,
      });
    }
    // Dates are UTC days here: the calendar's page asks a day either side of what it shows.
    const meetings = await meetingsBetween(
      c.var.db,
      new Date(`${from}T00:00:00Z`),
      new Date(`${addDays(to, 1)}T00:00:00Z`),
      counsellor,
    );
    return c.json({ success: true, meetings } satisfies Wire<CalendarResponse>);
  })
  // The free times staff book from: the public's, optionally of the counsellor the person asked for.
  .get('/slots', adminOnly, validate('query', staffSlotsQuery), async (c) => {
    const query = c.req.valid('query');
    const { slots, offices } = await offeredSlots(c.var.db, query, new Date());
    c.header('Cache-Control', 'private, no-store');
    return c.json({ success: true, timeZone: query.tz, slots, offices } satisfies Wire<SlotsResponse>);
  })
  // The person to book for, found by part of their name or address among students and job seekers.
  .get('/people', adminOnly, validate('query', bookingPeopleQuery), async (c) => {
    const people = await peopleToBook(c.var.db, searchNeedle(c.req.valid('query').q));
    c.header('Cache-Control', 'private, no-store');
    return c.json({ success: true, people } satisfies Wire<BookingPeople>);
  })
  // Staff book for a person (on the phone, at the desk): the same statement decides as for the
  // public, without the address's three-meeting limit; the person gets the same e-mail and link.
  // A counsellor named takes it or nobody does (a 409 when they have just been taken).
  .post('/meetings', adminOnly, validate('json', staffBookingSchema), async (c) => {
    const { counsellor, ...body } = c.req.valid('json');
    if (counsellor && !(await findCounsellor(c.var.db, counsellor))?.isActive)
      throw new HTTPException(400, { message: STAFF_BOOKING_MESSAGES.counsellor });
    const id = await book(c.var.db, { ...bookingRequest(body), counsellor }, new Date(), c.var.auth.sub);
    const link = await manageLinks(c.env, id);
    await tellPerson(c.var.db, c.var.mailer, 'booked', id, { siteUrl: link.siteUrl, manage: link.absolute });
    await tellCounsellor(c.var.db, c.var.mailer, 'booked', id, link.siteUrl);
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
  .patch(
    '/meetings/:id',
    adminOnly,
    validate('param', idParam),
    validate('json', meetingRecordSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const before = await findConsultation(c.var.db, id);
      if (!(await updateConsultationRecord(c.var.db, id, body, new Date(), c.var.auth.sub)))
        throw new HTTPException(404, { message: 'No such meeting, or it was cancelled.' });
      await writeAudit(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'consultation.record',
        entity: 'consultation',
        entityId: id,
        // The status only: notes are staff's words about the person, kept on the meeting alone.
        before: before && { status: before.meeting.status },
        after: {
          ...(body.status ? { status: body.status } : {}),
          ...(body.notes !== undefined ? { notes: 'changed' } : {}),
        },
      });
      return c.json({ success: true } satisfies OkOnly);
    },
  )
  // Staff see the person, not just the slot: their other meetings and their applications and documents.
  .get('/meetings/:id/person', adminOnly, validate('param', idParam), async (c) => {
    const found = await findConsultation(c.var.db, c.req.valid('param').id);
    if (!found) throw new HTTPException(404, { message: REASSIGN_MESSAGES.notFound });
    const person = await personOfMeeting(c.var.db, found.meeting);
    return c.json({ success: true, ...person } satisfies Wire<MeetingPerson>);
  })
  // Another counsellor takes a meeting (illness, a language, a case they know): decided by the one
  // conditional UPDATE that checks they are free as it writes; both counsellors are told.
  .post(
    '/meetings/:id/reassign',
    adminOnly,
    validate('param', idParam),
    validate('json', reassignSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { counsellorId } = c.req.valid('json');
      const now = new Date();
      const before = await findConsultation(c.var.db, id);
      if (!before) throw new HTTPException(404, { message: REASSIGN_MESSAGES.notFound });
      if (!(await reassignConsultation(c.var.db, id, counsellorId, now))) {
        const [meeting, target] = await Promise.all([
          findConsultation(c.var.db, id),
          findCounsellor(c.var.db, counsellorId),
        ]);
        if (!meeting) throw new HTTPException(404, { message: REASSIGN_MESSAGES.notFound });
        if (!changeable(meeting.meeting, now))
          throw new HTTPException(409, { message: REASSIGN_MESSAGES.notChangeable });
        if (!target?.isActive) throw new HTTPException(400, { message: REASSIGN_MESSAGES.unknown });
        if (meeting.counsellor.id === counsellorId)
          throw new HTTPException(409, { message: REASSIGN_MESSAGES.same });
        if (!target.modes.includes(meeting.meeting.mode))
          throw new HTTPException(400, { message: REASSIGN_MESSAGES.mode });
        throw new HTTPException(409, { message: REASSIGN_MESSAGES.taken });
      }
      const { siteUrl } = config(c.env);
      await tellCounsellor(c.var.db, c.var.mailer, 'reassignedTo', id, siteUrl);
      await tellCounsellor(c.var.db, c.var.mailer, 'reassignedFrom', id, siteUrl, before.counsellor);
      await writeAudit(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'consultation.reassign',
        entity: 'consultation',
        entityId: id,
        before: { counsellorId: before.counsellor.id, counsellor: before.counsellor.name },
        after: { counsellorId, counsellor: (await findCounsellor(c.var.db, counsellorId))?.name ?? null },
      });
      return c.json({ success: true } satisfies OkOnly);
    },
  );
