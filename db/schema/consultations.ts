import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';
import { staff } from './accounts.ts';
import { offices } from './site-content.ts';
import {
  consultationModes,
  consultationStatuses,
  consultationTopics,
  type ConsultationMode,
  type ConsultationTopic,
} from '#schemas/consultation-rules.ts';

/**
 * A counsellor who holds free consultations: a staff member, or just a name for someone without a
 * back-office account. Where they work and when is in `counsellor_hours` (each row at one office,
 * in that office's time zone); days off in `counsellor_closures`.
 */
export const counsellors = sqliteTable('counsellors', {
  id: text('id').primaryKey(),
  staffId: text('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  /** Where calendar replies go (the invitation's ORGANIZER); null: the office's address. */
  email: text('email'),
  modes: text('modes', { mode: 'json' }).$type<ConsultationMode[]>().notNull(),
  topics: text('topics', { mode: 'json' }).$type<ConsultationTopic[]>().notNull(),
  /** The counsellor's own video room, put in the invitation of a video meeting. */
  videoLink: text('video_link'),
  meetingMinutes: integer('meeting_minutes').notNull().default(30),
  /** Free minutes kept before and after each meeting. */
  bufferMinutes: integer('buffer_minutes').notNull().default(0),
  /** A slot must start at least this long after the booking. */
  minNoticeMinutes: integer('min_notice_minutes')
    .notNull()
    .default(12 * 60),
  /** How far ahead slots are offered. */
  bookingWindowDays: integer('booking_window_days').notNull().default(56),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  /**
   * Whether editors (not only admins) may set this counsellor's hours, days off and meeting rules:
   * an admin's choice per counsellor, since hours are often kept by an office's own editor.
   */
  editorsMayEdit: integer('editors_may_edit', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
});

/**
 * A counsellor's weekly hours at one office: `weekday` 1 (Monday) to 7 (Sunday), minutes from the
 * office's local midnight (`end_minute` up to 1440). Kept as wall-clock times so a period stays
 * 09:00–17:00 through a change of daylight saving time.
 */
export const counsellorHours = sqliteTable(
  'counsellor_hours',
  {
    id: text('id').primaryKey(),
    counsellorId: text('counsellor_id')
      .notNull()
      .references(() => counsellors.id, { onDelete: 'cascade' }),
    officeId: text('office_id')
      .notNull()
      .references(() => offices.id),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [index('counsellor_hours_counsellor_idx').on(t.counsellorId)],
);

/**
 * A date on which a counsellor, or a whole office, takes no meetings (a holiday, training): the
 * whole day, or from `start_minute` to `end_minute`, in the office's local time.
 */
export const counsellorClosures = sqliteTable(
  'counsellor_closures',
  {
    id: text('id').primaryKey(),
    counsellorId: text('counsellor_id').references(() => counsellors.id, { onDelete: 'cascade' }),
    officeId: text('office_id').references(() => offices.id),
    /** YYYY-MM-DD in the office's time zone. */
    date: text('date').notNull(),
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
    reason: text('reason'),
    ...timestamps,
  },
  (t) => [index('counsellor_closures_date_idx').on(t.date)],
);

/**
 * A booked consultation. Whether a counsellor is free is decided by the statement that writes the
 * row (db/queries/consultations.ts), never by a read before it.
 */
export const consultations = sqliteTable(
  'consultations',
  {
    id: text('id').primaryKey(),
    counsellorId: text('counsellor_id')
      .notNull()
      .references(() => counsellors.id),
    officeId: text('office_id')
      .notNull()
      .references(() => offices.id),
    mode: text('mode', { enum: consultationModes }).notNull(),
    topic: text('topic', { enum: consultationTopics }).notNull(),
    startAt: integer('start_at', { mode: 'timestamp_ms' }).notNull(),
    endAt: integer('end_at', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: consultationStatuses }).notNull().default('booked'),
    name: text('name').notNull(),
    /** Normalised (schemas/email.ts): the three-future-meetings rule counts by it. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    country: text('country'),
    message: text('message'),
    /** The person's time zone when they booked: their e-mails show times in it. */
    timeZone: text('time_zone').notNull(),
    /** The invitation's SEQUENCE: raised by every change the person is sent (RFC 5546). */
    sequence: integer('sequence').notNull().default(0),
    /** Reminders sent for the current start (cleared when the meeting moves). */
    reminded24hAt: integer('reminded_24h_at', { mode: 'timestamp_ms' }),
    reminded1hAt: integer('reminded_1h_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    /** When the meeting last moved to another time: the person's timeline says so. */
    movedAt: integer('moved_at', { mode: 'timestamp_ms' }),
    /** When staff last recorded it as held or not attended. */
    recordedAt: integer('recorded_at', { mode: 'timestamp_ms' }),
    cancelReason: text('cancel_reason'),
    /** Staff's notes on the meeting (never shown to the person). */
    notes: text('notes'),
    bookedByStaffId: text('booked_by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // Overlap checks and the calendar: a counsellor's meetings by time.
    index('consultations_counsellor_start_idx').on(t.counsellorId, t.startAt),
    // The three-future-meetings rule and a person's data export.
    index('consultations_email_idx').on(t.email, t.startAt),
    // The reminder job: booked meetings by start; the retention job: old meetings by end.
    index('consultations_status_start_idx').on(t.status, t.startAt),
    index('consultations_end_idx').on(t.endAt),
  ],
);
