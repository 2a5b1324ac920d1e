import type { Db } from '#db/client.ts';
import {
  availabilityData,
  cancelConsultation,
  consultationOffices,
  findConsultation,
  futureCount,
  insertConsultation,
  rescheduleConsultation,
  type FoundConsultation,
  type NewConsultation,
} from '#db/queries/consultations.ts';
import { getSite } from '#db/queries/site-content.ts';
import {
  CONSULTATION_LIMIT_PER_EMAIL,
  CONSULTATION_MESSAGES,
  type ConsultationMode,
  type ConsultationTopic,
} from '#schemas/consultation-rules.ts';
import type { BookingRequest, ConsultationView } from '#schemas/consultations.ts';
import { STAFF_BOOKING_MESSAGES } from '#schemas/admin/counsellors.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { addDays, startOfLocalDay } from '#schemas/zoned-time.ts';
import { Conflict, Invalid } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { trySend } from '../mail/confirmations.ts';
import { candidatesAt, openTimes, slotsOf, type SlotFilter } from './availability.ts';
import { counsellorEmail, meetingEmail, type CounsellorMailKind, type MeetingMailKind } from './emails.ts';
import { manageLinkExpired } from './manage-links.ts';

/**
 * Consultations without HTTP: the slots offered, booking, moving and cancelling, and the e-mails
 * that tell the person. Whether a time is free is decided by the statement that writes it
 * (db/queries/consultations.ts); what is read before only narrows whom it may choose.
 */

/** The instants a range of local dates covers in a zone: from the first date's start to the day after the last. */
export function dateRange(from: string, to: string, timeZone: string) {
  return { start: startOfLocalDay(from, timeZone), end: startOfLocalDay(addDays(to, 1), timeZone) };
}

/** The slots offered between two local dates of the person's zone (inclusive), and the offices they name. */
export async function offeredSlots(
  db: Db,
  query: {
    from: string;
    to: string;
    tz: string;
    office?: string | undefined;
    mode?: ConsultationMode | undefined;
    topic?: ConsultationTopic | undefined;
    counsellor?: string | undefined;
  },
  now: Date,
) {
  const range = dateRange(query.from, query.to, query.tz);
  const data = await availabilityData(db, range.start, range.end);
  const slots = slotsOf(
    openTimes(data, {
      from: range.start,
      to: range.end,
      now,
      office: query.office,
      mode: query.mode,
      topic: query.topic,
      counsellor: query.counsellor,
    }),
  );
  const named = new Set(slots.map((s) => s.office));
  const offices = (await consultationOffices(db))
    .filter((o) => named.has(o.id))
    .map(({ email: _, ...o }) => o);
  return { slots, offices };
}

/** The counsellors whose hours offer this start (meetings aside: the writing statement checks those). */
async function candidates(db: Db, start: Date, filter: Omit<SlotFilter, 'from' | 'to'>) {
  const until = new Date(start.getTime() + 1);
  const data = await availabilityData(db, start, until);
  // Meetings are left to the statement: it sees the ones written a moment ago.
  return candidatesAt(openTimes({ ...data, meetings: [] }, { ...filter, from: start, to: until }), start).map(
    (t) => ({ counsellorId: t.counsellorId, officeId: t.officeId }),
  );
}

/** A booking request as the contract reads it, in the form `book` takes (dates parsed, empty optional text as none). */
export const bookingRequest = (body: BookingRequest) => ({
  start: new Date(body.start),
  mode: body.mode,
  office: body.office,
  topic: body.topic,
  name: body.name,
  email: body.email,
  phone: body.phone,
  country: body.country || null,
  message: body.message || null,
  timeZone: body.timeZone,
});

/**
 * Books a consultation. Invalid when no counsellor's hours offer the time (or notice and window
 * forbid it); Conflict when every counsellor who could is taken, or the address already holds the
 * most future meetings. `staffId`: booked by staff for the person, without the address's limit;
 * `counsellor`: only that counsellor may take it (staff booking the one the person asked for).
 */
export async function book(
  db: Db,
  input: Omit<NewConsultation, 'email'> & {
    email: string;
    office?: string | undefined;
    counsellor?: string | undefined;
  },
  now: Date,
  staffId: string | null = null,
) {
  const { counsellor, ...meeting } = input;
  const email = normalizeEmail(meeting.email);
  const offered = await candidates(db, meeting.start, {
    now,
    mode: meeting.mode,
    topic: meeting.topic,
    office: meeting.office,
    counsellor,
  });
  if (offered.length === 0)
    throw new Invalid(counsellor ? STAFF_BOOKING_MESSAGES.notTheirs : CONSULTATION_MESSAGES.notOffered);
  const id = await insertConsultation(db, { ...meeting, email, bookedByStaffId: staffId }, offered, {
    now,
    emailLimit: staffId ? null : CONSULTATION_LIMIT_PER_EMAIL,
  });
  if (!id) {
    const full = !staffId && (await futureCount(db, email, now)) >= CONSULTATION_LIMIT_PER_EMAIL;
    throw new Conflict(full ? CONSULTATION_MESSAGES.limit : CONSULTATION_MESSAGES.taken);
  }
  return id;
}

/** Whether the person may still move or cancel it: booked and not yet started. */
export const changeable = (m: FoundConsultation['meeting'], now: Date) =>
  m.status === 'booked' && m.startAt.getTime() > now.getTime();

/**
 * Moves a meeting to another offered time, keeping its mode, topic and office (whose counsellors
 * know the person's case). Invalid when the time is not offered; Conflict when it was just taken or the
 * meeting can no longer change.
 */
export async function reschedule(db: Db, found: FoundConsultation, start: Date, now: Date) {
  const m = found.meeting;
  if (!changeable(m, now)) throw new Conflict(CONSULTATION_MESSAGES.notChangeable);
  const offered = await candidates(db, start, {
    now,
    mode: m.mode,
    topic: m.topic,
    office: m.officeId,
  });
  if (offered.length === 0) throw new Invalid(CONSULTATION_MESSAGES.notOffered);
  if (!(await rescheduleConsultation(db, m.id, start, offered, now))) {
    const again = await findConsultation(db, m.id);
    throw new Conflict(
      again && changeable(again.meeting, now)
        ? CONSULTATION_MESSAGES.taken
        : CONSULTATION_MESSAGES.notChangeable,
    );
  }
}

/** Cancels a meeting that has not started; Conflict when it already has, or is cancelled. */
export async function cancel(db: Db, id: string, reason: string | null, now: Date) {
  if (!(await cancelConsultation(db, id, reason, now)))
    throw new Conflict(CONSULTATION_MESSAGES.notChangeable);
}

/** The meeting as the manage page shows it. */
export function viewOf(found: FoundConsultation, now: Date): ConsultationView {
  const m = found.meeting;
  return {
    id: m.id,
    start: m.startAt.toISOString(),
    end: m.endAt.toISOString(),
    status: m.status,
    mode: m.mode,
    topic: m.topic,
    office: {
      id: found.office.id,
      name: found.office.name,
      city: found.office.city,
      address: found.office.address,
      timeZone: found.office.timeZone,
    },
    counsellor: { name: found.counsellor.name },
    name: m.name,
    timeZone: m.timeZone,
    videoLink: m.mode === 'video' ? found.counsellor.videoLink : null,
    changeable: changeable(m, now),
  };
}

/** Whether a manage link for this meeting still opens it. */
export const linkLive = (found: FoundConsultation, now: Date) => !manageLinkExpired(found.meeting.endAt, now);

/**
 * E-mails the person about their meeting as it now stands (the row read after the change, so the
 * invitation's SEQUENCE and times are the stored ones). False when it could not be sent or queued;
 * the change itself stands.
 */
export async function tellPerson(
  db: Db,
  mailer: Mailer,
  kind: MeetingMailKind,
  id: string,
  links: { siteUrl: string; manage: string },
) {
  const found = await findConsultation(db, id);
  if (!found) return false;
  return trySend(
    mailer,
    meetingEmail(kind, await getSite(db), mailFacts(found), links),
    `consultation-${kind}`,
  );
}

/** Where a counsellor reads their calendar in the back office. */
export const CALENDAR_PATH = '/admin/consultations';

/**
 * E-mails the counsellor about a change to their calendar: by default the meeting's counsellor as
 * it now stands; `counsellor` names another (the one a reassignment took it from). False when it
 * could not be sent or queued; the change itself stands.
 */
export async function tellCounsellor(
  db: Db,
  mailer: Mailer,
  kind: CounsellorMailKind,
  id: string,
  siteUrl: string,
  counsellor?: { name: string; email: string | null },
) {
  const found = await findConsultation(db, id);
  if (!found) return false;
  return trySend(
    mailer,
    counsellorEmail(
      kind,
      await getSite(db),
      mailFacts(found),
      counsellor ?? found.counsellor,
      new URL(CALENDAR_PATH, siteUrl).toString(),
    ),
    `consultation-counsellor-${kind}`,
  );
}

/** A found meeting as its e-mails describe it. */
export function mailFacts(found: FoundConsultation) {
  const m = found.meeting;
  return {
    id: m.id,
    start: m.startAt,
    end: m.endAt,
    mode: m.mode,
    topic: m.topic,
    sequence: m.sequence,
    name: m.name,
    email: m.email,
    phone: m.phone,
    timeZone: m.timeZone,
    counsellor: found.counsellor,
    office: found.office,
  };
}
