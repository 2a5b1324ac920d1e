import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  consultations,
  counsellorClosures,
  counsellorHours,
  counsellors,
  jobApplicants,
  offices,
  users,
} from '../schema/index.ts';
import type { AvailabilityData } from '#functions/services/consultations/availability.ts';
import type { ConsultationMode, ConsultationStatus, ConsultationTopic } from '#schemas/consultation-rules.ts';
import { batch } from '../batch.ts';
import { moveIfChanged, movesOf } from './stage-history.ts';
import { contains } from './text-search.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The statuses that hold a counsellor's time: every one but `cancelled`. */
const HOLDS_TIME = sql`status <> 'cancelled'`;

/** The offices with their zones (active ones: a retired office offers nothing). */
export async function consultationOffices(db: Db) {
  return db
    .select({
      id: offices.id,
      name: offices.name,
      city: offices.city,
      address: offices.address,
      email: offices.email,
      timeZone: offices.timeZone,
    })
    .from(offices)
    .where(eq(offices.isActive, true))
    .orderBy(asc(offices.sortOrder));
}

/**
 * What slots between `from` and `to` are made of: active counsellors, their hours, the closures of
 * the dates around the range, and the meetings that hold their time near it.
 */
export async function availabilityData(db: Db, from: Date, to: Date): Promise<AvailabilityData> {
  const [people, hours, allOffices] = await Promise.all([
    db.select().from(counsellors).where(eq(counsellors.isActive, true)),
    db.select().from(counsellorHours),
    consultationOffices(db),
  ]);
  const ids = people.map((p) => p.id);
  // Dates a day either side: a closure's date is the office's, which can be a day off UTC's.
  const firstDate = new Date(from.getTime() - 2 * DAY).toISOString().slice(0, 10);
  const lastDate = new Date(to.getTime() + 2 * DAY).toISOString().slice(0, 10);
  // The widest buffer and meeting reach this far either side of the range.
  const reach = 24 * 60 * MINUTE;
  const [closures, meetings] = await Promise.all([
    db
      .select()
      .from(counsellorClosures)
      .where(and(gte(counsellorClosures.date, firstDate), lte(counsellorClosures.date, lastDate))),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: consultations.id,
            counsellorId: consultations.counsellorId,
            startAt: consultations.startAt,
            endAt: consultations.endAt,
          })
          .from(consultations)
          .where(
            and(
              ne(consultations.status, 'cancelled'),
              lt(consultations.startAt, new Date(to.getTime() + reach)),
              gt(consultations.endAt, new Date(from.getTime() - reach)),
            ),
          ),
  ]);
  return {
    counsellors: people,
    hours,
    closures,
    meetings,
    officeZones: new Map(allOffices.map((o) => [o.id, o.timeZone])),
  };
}

/** A counsellor the booking statement may choose, at the office whose hours offer the time. */
export interface Candidate {
  counsellorId: string;
  officeId: string;
}

/** `(values (?, ?), …) as cand`: the candidates as a table the statement can join. */
const candidateTable = (candidates: Candidate[]) =>
  sql`(values ${sql.join(
    candidates.map((c) => sql`(${c.counsellorId}, ${c.officeId})`),
    sql`, `,
  )}) as cand`;

/**
 * The condition that a counsellor `c` is free from `start` for their meeting length: no meeting of
 * theirs that holds time overlaps it, each widened by their buffer on both sides.
 */
const freeAt = (start: number, except: string | null) => sql`not exists (
  select 1 from consultations m
  where m.counsellor_id = c.id and m.${HOLDS_TIME}
    ${except ? sql`and m.id <> ${except}` : sql``}
    and m.start_at < ${start} + (c.meeting_minutes + c.buffer_minutes) * 60000
    and m.end_at + c.buffer_minutes * 60000 > ${start})`;

/**
 * Round robin weighted by the week's load: the counsellor with the fewest meetings in the week of
 * the slot first, then the one booked least recently.
 */
const fairness = (week: { start: number; end: number }) => sql`
  (select count(*) from consultations w
    where w.counsellor_id = c.id and w.${HOLDS_TIME} and w.start_at >= ${week.start} and w.start_at < ${week.end}),
  (select coalesce(max(l.created_at), 0) from consultations l where l.counsellor_id = c.id),
  c.id`;

/** The UTC week (Monday 00:00 to Monday 00:00) that holds an instant. */
export function weekOf(at: Date) {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const start = day - ((at.getUTCDay() + 6) % 7) * DAY;
  return { start, end: start + 7 * DAY };
}

export interface NewConsultation {
  start: Date;
  mode: ConsultationMode;
  topic: ConsultationTopic;
  name: string;
  email: string;
  phone: string;
  country: string | null;
  message: string | null;
  timeZone: string;
  bookedByStaffId?: string | null;
}

/**
 * Books a meeting in ONE statement (`insert … select … where not exists …`) that chooses the
 * counsellor among the candidates and checks, as it writes, that they hold no overlapping meeting
 * (buffers included) and that the address holds fewer than `emailLimit` future meetings. SQLite
 * runs each statement alone, so under any number of parallel bookings a counsellor never holds two
 * meetings at once and nobody passes the limit. Undefined when no candidate is free (or the limit
 * is reached; `futureCount` tells which).
 */
export async function insertConsultation(
  db: Db,
  input: NewConsultation,
  candidates: Candidate[],
  { now, emailLimit }: { now: Date; emailLimit: number | null },
) {
  if (candidates.length === 0) return undefined;
  const id = crypto.randomUUID();
  const start = input.start.getTime();
  const at = now.getTime();
  // Raw SQL (docs/decisions/013): the choice and both checks are one `insert … select`; Drizzle cannot say it.
  const [inserted] = await batch(db, [
    sql`
    insert into consultations (id, counsellor_id, office_id, mode, topic, start_at, end_at, status,
      name, email, phone, country, message, time_zone, sequence, booked_by_staff_id, created_at, updated_at)
    select ${id}, c.id, cand.column2, ${input.mode}, ${input.topic}, ${start}, ${start} + c.meeting_minutes * 60000,
      'booked', ${input.name}, ${input.email}, ${input.phone}, ${input.country}, ${input.message},
      ${input.timeZone}, 0, ${input.bookedByStaffId ?? null}, ${at}, ${at}
    from ${candidateTable(candidates)}
    join counsellors c on c.id = cand.column1 and c.is_active = 1
    where ${freeAt(start, null)}
      ${
        emailLimit === null
          ? sql``
          : sql`and (select count(*) from consultations e
              where e.email = ${input.email} and e.status = 'booked' and e.start_at > ${at}) < ${emailLimit}`
      }
    order by ${fairness(weekOf(input.start))}
    limit 1`,
    // Its entry into the history, only if the meeting was booked.
    moveIfChanged({
      entity: 'consultation',
      entityId: id,
      from: null,
      to: 'booked',
      actor: input.bookedByStaffId ? 'staff' : 'person',
      staffId: input.bookedByStaffId ?? null,
      at,
    }),
  ]);
  return inserted?.meta.changes ? id : undefined;
}

/** How many future booked meetings an address holds. */
export async function futureCount(db: Db, email: string, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(consultations)
    .where(
      and(eq(consultations.email, email), eq(consultations.status, 'booked'), gt(consultations.startAt, now)),
    );
  return row?.n ?? 0;
}

/**
 * Moves a booked meeting that has not started to `start`, in ONE statement (`update … from (select
 * … limit 1)`): the counsellor is chosen among the candidates as a booking chooses (its current
 * counsellor first), free of overlaps apart from this meeting itself, as the row is written. The
 * SEQUENCE rises and the reminders start again for the new time. False when nobody is free or the
 * meeting can no longer move.
 */
export async function rescheduleConsultation(
  db: Db,
  id: string,
  start: Date,
  candidates: Candidate[],
  now: Date,
) {
  if (candidates.length === 0) return false;
  const at = start.getTime();
  // Raw SQL (docs/decisions/013): UPDATE … FROM a one-row choice, checked as it writes.
  const rows = await db.all<{ id: string }>(sql`
    update consultations
    set counsellor_id = pick.cid, office_id = pick.office, start_at = ${at}, end_at = pick.end_at,
      sequence = sequence + 1, reminded_24h_at = null, reminded_1h_at = null,
      moved_at = ${now.getTime()}, updated_at = ${now.getTime()}
    from (
      select c.id as cid, cand.column2 as office, ${at} + c.meeting_minutes * 60000 as end_at
      from ${candidateTable(candidates)}
      join counsellors c on c.id = cand.column1 and c.is_active = 1
      where ${freeAt(at, id)}
      order by c.id = (select counsellor_id from consultations where id = ${id}) desc, ${fairness(weekOf(start))}
      limit 1
    ) as pick
    where consultations.id = ${id} and consultations.status = 'booked' and consultations.start_at > ${now.getTime()}
    returning id`);
  return rows.length === 1;
}

/** Cancels a booked meeting that has not started (one conditional UPDATE); false when it could not. */
export async function cancelConsultation(
  db: Db,
  id: string,
  reason: string | null,
  now: Date,
  by: { actor: 'staff' | 'person'; staffId?: string | null } = { actor: 'person' },
) {
  const [, cancelled] = await batch(db, [
    movesOf({
      entity: 'consultation',
      table: 'consultations',
      where: sql`id = ${id} and status = 'booked' and start_at > ${now.getTime()}`,
      status: 'status',
      owner: null,
      to: 'cancelled',
      actor: by.actor,
      staffId: by.staffId,
      at: now.getTime(),
    }),
    db
      .update(consultations)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: reason,
        sequence: sql`${consultations.sequence} + 1`,
        updatedAt: now,
      })
      .where(
        and(eq(consultations.id, id), eq(consultations.status, 'booked'), gt(consultations.startAt, now)),
      )
      .returning({ id: consultations.id }),
  ]);
  return cancelled?.results.length === 1;
}

/** A meeting with its counsellor and office, as e-mails and the manage page show it. */
export async function findConsultation(db: Db, id: string) {
  const [row] = await db
    .select({
      meeting: consultations,
      counsellor: {
        id: counsellors.id,
        name: counsellors.name,
        email: counsellors.email,
        videoLink: counsellors.videoLink,
      },
      office: {
        id: offices.id,
        name: offices.name,
        city: offices.city,
        address: offices.address,
        email: offices.email,
        timeZone: offices.timeZone,
      },
    })
    .from(consultations)
    .innerJoin(counsellors, eq(counsellors.id, consultations.counsellorId))
    .innerJoin(offices, eq(offices.id, consultations.officeId))
    .where(eq(consultations.id, id));
  return row;
}
export type FoundConsultation = NonNullable<Awaited<ReturnType<typeof findConsultation>>>;

/** The two reminders: due `beforeMs` ahead of the start, and on time for `lateMs` after that. */
export type ReminderKind = '24h' | '1h';
const reminderColumn = { '24h': consultations.reminded24hAt, '1h': consultations.reminded1hAt } as const;

/**
 * Claims up to `limit` booked meetings whose reminder of this kind is due and still on time
 * (its moment passed less than `lateMs` ago), in one conditional UPDATE … RETURNING that marks
 * them reminded at `now`: a cron firing twice, or two overlapping runs, never both claim one. A
 * meeting whose moment passed longer ago is never claimed: a reminder is not sent late.
 */
export async function claimReminders(
  db: Db,
  kind: ReminderKind,
  { now, beforeMs, lateMs, limit }: { now: Date; beforeMs: number; lateMs: number; limit: number },
) {
  const column = reminderColumn[kind];
  const due: SQL | undefined = and(
    eq(consultations.status, 'booked'),
    isNull(column),
    lte(consultations.startAt, new Date(now.getTime() + beforeMs)),
    gt(consultations.startAt, new Date(now.getTime() + beforeMs - lateMs)),
  );
  const soonest = db
    .select({ id: consultations.id })
    .from(consultations)
    .where(due)
    .orderBy(asc(consultations.startAt))
    .limit(limit);
  return db
    .update(consultations)
    .set(kind === '24h' ? { reminded24hAt: now } : { reminded1hAt: now })
    .where(and(inArray(consultations.id, soonest), due))
    .returning({ id: consultations.id });
}

/** Gives back a reminder that could not be sent, so the next run may try while it is still on time. */
export async function releaseReminder(db: Db, kind: ReminderKind, id: string, claimedAt: Date) {
  await db
    .update(consultations)
    .set(kind === '24h' ? { reminded24hAt: null } : { reminded1hAt: null })
    .where(and(eq(consultations.id, id), eq(reminderColumn[kind], claimedAt)));
}

/** A counsellor's meetings between two instants (the staff calendar). */
export async function meetingsBetween(db: Db, from: Date, to: Date, counsellorId?: string) {
  return db
    .select({
      id: consultations.id,
      counsellorId: consultations.counsellorId,
      officeId: consultations.officeId,
      mode: consultations.mode,
      topic: consultations.topic,
      start: consultations.startAt,
      end: consultations.endAt,
      status: consultations.status,
      name: consultations.name,
      email: consultations.email,
      phone: consultations.phone,
      notes: consultations.notes,
    })
    .from(consultations)
    .where(
      and(
        lt(consultations.startAt, to),
        gt(consultations.endAt, from),
        counsellorId ? eq(consultations.counsellorId, counsellorId) : undefined,
      ),
    )
    .orderBy(asc(consultations.startAt));
}

/** Staff record what became of a meeting, and their notes. */
export async function updateConsultationRecord(
  db: Db,
  id: string,
  changes: { status?: Extract<ConsultationStatus, 'booked' | 'held' | 'no_show'>; notes?: string | null },
  now: Date,
  staffId: string | null = null,
) {
  const [, updated] = await batch(db, [
    // The status's move into the history first, so it reads the status the meeting leaves.
    ...(changes.status
      ? [
          movesOf({
            entity: 'consultation',
            table: 'consultations',
            where: sql`id = ${id} and status <> 'cancelled'`,
            status: 'status',
            owner: null,
            to: changes.status,
            actor: 'staff',
            staffId,
            at: now.getTime(),
          }),
        ]
      : [sql`select 1`]),
    db
      .update(consultations)
      .set({ ...changes, ...(changes.status ? { recordedAt: now } : {}), updatedAt: now })
      // A cancelled meeting keeps its status; notes can still be written on it.
      .where(
        and(eq(consultations.id, id), changes.status ? ne(consultations.status, 'cancelled') : undefined),
      )
      .returning({ id: consultations.id }),
  ]);
  return updated?.results.length === 1;
}

/** Every counsellor with their weekly hours (the back office's list), by name. */
export async function listCounsellors(db: Db) {
  const [people, hours] = await Promise.all([
    db.select().from(counsellors).orderBy(asc(counsellors.name)),
    db.select().from(counsellorHours).orderBy(asc(counsellorHours.weekday), asc(counsellorHours.startMinute)),
  ]);
  return people.map((p) => ({
    id: p.id,
    name: p.name,
    staffId: p.staffId,
    email: p.email,
    modes: p.modes,
    topics: p.topics,
    videoLink: p.videoLink,
    meetingMinutes: p.meetingMinutes,
    bufferMinutes: p.bufferMinutes,
    minNoticeMinutes: p.minNoticeMinutes,
    bookingWindowDays: p.bookingWindowDays,
    isActive: p.isActive,
    editorsMayEdit: p.editorsMayEdit,
    hours: hours
      .filter((h) => h.counsellorId === p.id)
      .map(({ officeId, weekday, startMinute, endMinute }) => ({
        officeId,
        weekday,
        startMinute,
        endMinute,
      })),
  }));
}

/** A counsellor as the back office saves it: the row and the whole week of hours. */
export type CounsellorWrite = Omit<typeof counsellors.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & {
  hours: { officeId: string; weekday: number; startMinute: number; endMinute: number }[];
};

/**
 * Creates (no `id`) or replaces a counsellor and their week of hours in one batch: the hours are
 * never seen half written. False when the counsellor to replace does not exist.
 */
export async function saveCounsellor(db: Db, id: string | null, input: CounsellorWrite) {
  const { hours, ...row } = input;
  const counsellorId = id ?? crypto.randomUUID();
  const now = new Date();
  if (id && !(await db.select({ id: counsellors.id }).from(counsellors).where(eq(counsellors.id, id))).length)
    return undefined;
  const write = id
    ? db
        .update(counsellors)
        .set({ ...row, updatedAt: now })
        .where(eq(counsellors.id, id))
        .returning({ id: counsellors.id })
    : db
        .insert(counsellors)
        .values({ id: counsellorId, ...row })
        .returning({ id: counsellors.id });
  const [written] = await db.batch([
    write,
    db.delete(counsellorHours).where(eq(counsellorHours.counsellorId, counsellorId)),
    ...hours.map((h) => db.insert(counsellorHours).values({ id: crypto.randomUUID(), counsellorId, ...h })),
  ]);
  return written.length === 1 ? counsellorId : undefined;
}

/** Closures from a date on (the back office's list), soonest first. */
export async function listClosures(db: Db, fromDate: string) {
  return db
    .select({
      id: counsellorClosures.id,
      counsellorId: counsellorClosures.counsellorId,
      officeId: counsellorClosures.officeId,
      date: counsellorClosures.date,
      startMinute: counsellorClosures.startMinute,
      endMinute: counsellorClosures.endMinute,
      reason: counsellorClosures.reason,
    })
    .from(counsellorClosures)
    .where(gte(counsellorClosures.date, fromDate))
    .orderBy(asc(counsellorClosures.date));
}

/** Adds a closure of a counsellor or an office. */
export async function addClosure(db: Db, closure: Omit<typeof counsellorClosures.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(counsellorClosures)
    .values({ id: crypto.randomUUID(), ...closure })
    .returning({
      id: counsellorClosures.id,
      counsellorId: counsellorClosures.counsellorId,
      officeId: counsellorClosures.officeId,
      date: counsellorClosures.date,
      startMinute: counsellorClosures.startMinute,
      endMinute: counsellorClosures.endMinute,
      reason: counsellorClosures.reason,
    });
  return row!;
}

/** One closure (whose it is), or undefined. */
export async function findClosure(db: Db, id: string) {
  const [row] = await db
    .select({ id: counsellorClosures.id, counsellorId: counsellorClosures.counsellorId })
    .from(counsellorClosures)
    .where(eq(counsellorClosures.id, id));
  return row;
}

/** Removes a closure; false when it was not there. */
export async function removeClosure(db: Db, id: string) {
  const rows = await db
    .delete(counsellorClosures)
    .where(eq(counsellorClosures.id, id))
    .returning({ id: counsellorClosures.id });
  return rows.length === 1;
}

/**
 * Gives a meeting that has not started to another counsellor, in ONE conditional UPDATE that checks
 * as it writes that the new counsellor is active, meets in the meeting's mode and holds no meeting
 * that overlaps it (their buffer included): a reassignment racing a booking, a move or another
 * reassignment of the same time never leaves the counsellor two meetings at once. The meeting keeps
 * its time, office and length. False when any of it fails (`reassignRefusal` says which).
 */
export async function reassignConsultation(db: Db, id: string, counsellorId: string, now: Date) {
  // Raw SQL (docs/decisions/013): the overlap check reads the row being written, in one statement.
  const rows = await db.all<{ id: string }>(sql`
    update consultations
    set counsellor_id = ${counsellorId}, updated_at = ${now.getTime()}
    where id = ${id} and status = 'booked' and start_at > ${now.getTime()} and counsellor_id <> ${counsellorId}
      and exists (
        select 1 from counsellors c
        where c.id = ${counsellorId} and c.is_active = 1
          and exists (select 1 from json_each(c.modes) j where j.value = consultations.mode)
          and not exists (
            select 1 from consultations m
            where m.counsellor_id = c.id and m.${HOLDS_TIME} and m.id <> consultations.id
              and m.start_at < consultations.end_at + c.buffer_minutes * 60000
              and m.end_at + c.buffer_minutes * 60000 > consultations.start_at))
    returning id`);
  return rows.length === 1;
}

/** One counsellor's row (the back office's checks), or undefined. */
export async function findCounsellor(db: Db, id: string) {
  const [row] = await db.select().from(counsellors).where(eq(counsellors.id, id));
  return row;
}

/** Meetings between two instants with their counsellor's and office's names: the CSV export. */
export async function meetingsForExport(db: Db, from: Date, to: Date, counsellorId?: string) {
  return db
    .select({
      start: consultations.startAt,
      end: consultations.endAt,
      counsellor: counsellors.name,
      office: offices.name,
      mode: consultations.mode,
      topic: consultations.topic,
      status: consultations.status,
      name: consultations.name,
      email: consultations.email,
      phone: consultations.phone,
      country: consultations.country,
      timeZone: consultations.timeZone,
      bookedByStaff: sql<number>`${consultations.bookedByStaffId} is not null`,
      cancelReason: consultations.cancelReason,
      notes: consultations.notes,
      id: consultations.id,
    })
    .from(consultations)
    .innerJoin(counsellors, eq(counsellors.id, consultations.counsellorId))
    .innerJoin(offices, eq(offices.id, consultations.officeId))
    .where(
      and(
        lt(consultations.startAt, to),
        gt(consultations.endAt, from),
        counsellorId ? eq(consultations.counsellorId, counsellorId) : undefined,
      ),
    )
    .orderBy(asc(consultations.startAt))
    .limit(10_000);
}

/**
 * A person's meetings by their address (any case), latest first, cancelled ones left out: what
 * their dashboard's timeline shows beside their applications.
 */
export async function meetingsOfAddress(db: Db, email: string) {
  return db
    .select({
      id: consultations.id,
      start: consultations.startAt,
      end: consultations.endAt,
      status: consultations.status,
      mode: consultations.mode,
      topic: consultations.topic,
      timeZone: consultations.timeZone,
      createdAt: consultations.createdAt,
      movedAt: consultations.movedAt,
      recordedAt: consultations.recordedAt,
      counsellor: counsellors.name,
      office: offices.name,
      officeCity: offices.city,
      officeTimeZone: offices.timeZone,
    })
    .from(consultations)
    .innerJoin(counsellors, eq(counsellors.id, consultations.counsellorId))
    .innerJoin(offices, eq(offices.id, consultations.officeId))
    .where(
      and(eq(sql`lower(${consultations.email})`, email.toLowerCase()), ne(consultations.status, 'cancelled')),
    )
    .orderBy(desc(consultations.startAt))
    .limit(50);
}

/**
 * Deletes up to `limit` meetings past their keeping: cancelled ones that ended before
 * `cancelledBefore`, any other that ended before `before`. One statement a run, oldest first, so a
 * run stopped by its budget leaves the rest to the next. Returns how many went.
 */
export async function purgeConsultations(
  db: Db,
  { before, cancelledBefore, limit }: { before: Date; cancelledBefore: Date; limit: number },
) {
  const due = or(
    lt(consultations.endAt, before),
    and(eq(consultations.status, 'cancelled'), lt(consultations.endAt, cancelledBefore)),
  );
  const oldest = db
    .select({ id: consultations.id })
    .from(consultations)
    .where(due)
    .orderBy(asc(consultations.endAt))
    .limit(limit);
  const rows = await db
    .delete(consultations)
    .where(and(inArray(consultations.id, oldest), due))
    .returning({ id: consultations.id });
  return rows.length;
}

/** Every meeting of an address but one, latest first, with staff's notes: what staff see of the person's history. */
export async function meetingsOfAddressForStaff(db: Db, email: string, exceptId: string) {
  return db
    .select({
      id: consultations.id,
      start: consultations.startAt,
      status: consultations.status,
      counsellor: counsellors.name,
      notes: consultations.notes,
    })
    .from(consultations)
    .innerJoin(counsellors, eq(counsellors.id, consultations.counsellorId))
    .where(and(eq(sql`lower(${consultations.email})`, email.toLowerCase()), ne(consultations.id, exceptId)))
    .orderBy(desc(consultations.startAt))
    .limit(50);
}

/**
 * Students (verified: an unfinished registration is nobody yet) and job seekers whose name or
 * address holds `needle` (lower case): the people staff book a consultation for, with the details
 * a booking needs. At most `limit`, by name.
 */
export async function peopleToBook(db: Db, needle: string, limit = 10) {
  const [students, seekers] = await Promise.all([
    db
      .select({ id: users.id, name: users.fullName, email: users.email, phone: users.contactNumber })
      .from(users)
      .where(
        and(eq(users.isVerified, true), or(contains(users.fullName, needle), contains(users.email, needle))),
      )
      .orderBy(asc(users.fullName))
      .limit(limit),
    db
      .select({
        id: jobApplicants.id,
        name: jobApplicants.fullName,
        email: jobApplicants.email,
        phone: jobApplicants.phone,
      })
      .from(jobApplicants)
      .where(or(contains(jobApplicants.fullName, needle), contains(jobApplicants.email, needle)))
      .orderBy(asc(jobApplicants.fullName))
      .limit(limit),
  ]);
  return [
    ...students.map((p) => ({ type: 'student' as const, ...p })),
    ...seekers.map((p) => ({ type: 'applicant' as const, ...p })),
  ]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB') || a.email.localeCompare(b.email))
    .slice(0, limit);
}
