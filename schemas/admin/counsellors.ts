import { z } from 'zod';
import { consultationModes, consultationStatuses, consultationTopics } from '../consultation-rules.ts';
import { bookingSchema, slotsQuery } from '../consultations.ts';
import { isDate } from '../zoned-time.ts';

/**
 * The back office's contract for counsellors (`/api/admin/counsellors`): who holds consultations,
 * where and when, their days off, and the meetings on their calendar. Admins only (a counsellor's
 * calendar names the people who booked).
 */

const minuteOfDay = z.number().int().min(0, 'Times start at 00:00').max(1440, 'Times end by 24:00');

/** One weekly period at an office, in the office's local time. */
export const weeklyHoursSchema = z
  .object({
    officeId: z.string().min(1, 'Choose an office').max(100),
    weekday: z
      .number()
      .int()
      .min(1, 'Weekday is 1 (Monday) to 7 (Sunday)')
      .max(7, 'Weekday is 1 (Monday) to 7 (Sunday)'),
    startMinute: minuteOfDay,
    endMinute: minuteOfDay,
  })
  .refine((h) => h.endMinute > h.startMinute, {
    message: 'A period must end after it starts',
    path: ['endMinute'],
  });

export const counsellorSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  staffId: z.string().max(100).nullable().optional(),
  email: z.email('Please enter a valid email address').max(254).nullable().optional(),
  modes: z.array(z.enum(consultationModes)).min(1, 'Choose at least one way to meet').max(3),
  topics: z.array(z.enum(consultationTopics)).min(1, 'Choose at least one topic').max(3),
  videoLink: z
    .url({ protocol: /^https$/, error: 'The video link must be an https:// address' })
    .max(500)
    .nullable()
    .optional(),
  meetingMinutes: z
    .number()
    .int()
    .min(15, 'Meetings last 15 minutes or more')
    .max(180, 'Meetings last at most 3 hours')
    .default(30),
  bufferMinutes: z.number().int().min(0).max(120, 'A buffer is at most 2 hours').default(0),
  minNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(14 * 24 * 60, 'Notice is at most 14 days')
    .default(12 * 60),
  bookingWindowDays: z.number().int().min(1).max(365, 'The booking window is at most a year').default(56),
  isActive: z.boolean().default(true),
  /** Admins' choice: editors may then change this counsellor (not this choice itself). */
  editorsMayEdit: z.boolean().default(false),
  hours: z.array(weeklyHoursSchema).max(50, 'At most 50 periods a week'),
});
export type CounsellorInput = z.input<typeof counsellorSchema>;

export const closureSchema = z
  .object({
    counsellorId: z.string().max(100).nullable().optional(),
    officeId: z.string().max(100).nullable().optional(),
    date: z.string().refine(isDate, 'Date must be like 2027-01-31'),
    startMinute: minuteOfDay.nullable().optional(),
    endMinute: minuteOfDay.nullable().optional(),
    reason: z.string().trim().max(200).nullable().optional(),
  })
  .refine((c) => Boolean(c.counsellorId) !== Boolean(c.officeId), {
    message: 'A closure is of one counsellor or of one office',
    path: ['counsellorId'],
  })
  .refine(
    (c) =>
      (c.startMinute == null) === (c.endMinute == null) &&
      (c.startMinute == null || c.endMinute! > c.startMinute),
    {
      message: 'Give both times, the end after the start, or neither for the whole day',
      path: ['endMinute'],
    },
  );

export const counsellorRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  staffId: z.string().nullable(),
  email: z.string().nullable(),
  modes: z.array(z.enum(consultationModes)),
  topics: z.array(z.enum(consultationTopics)),
  videoLink: z.string().nullable(),
  meetingMinutes: z.number(),
  bufferMinutes: z.number(),
  minNoticeMinutes: z.number(),
  bookingWindowDays: z.number(),
  isActive: z.boolean(),
  editorsMayEdit: z.boolean(),
  hours: z.array(
    z.object({ officeId: z.string(), weekday: z.number(), startMinute: z.number(), endMinute: z.number() }),
  ),
});
export type CounsellorRow = z.infer<typeof counsellorRowSchema>;

export const counsellorListSchema = z.object({
  success: z.literal(true),
  counsellors: z.array(counsellorRowSchema),
  /** The offices hours may be set at, with their zones (the form's choices). */
  offices: z.array(z.object({ id: z.string(), name: z.string(), city: z.string(), timeZone: z.string() })),
  /** Whether the caller may add counsellors and choose who else may edit them (admins). */
  canManage: z.boolean(),
});
export type CounsellorList = z.infer<typeof counsellorListSchema>;

export const counsellorSavedSchema = z.object({ success: z.literal(true), counsellor: counsellorRowSchema });
export type CounsellorSaved = z.infer<typeof counsellorSavedSchema>;

export const closureRowSchema = z.object({
  id: z.string(),
  counsellorId: z.string().nullable(),
  officeId: z.string().nullable(),
  date: z.string(),
  startMinute: z.number().nullable(),
  endMinute: z.number().nullable(),
  reason: z.string().nullable(),
});
export const closureListSchema = z.object({ success: z.literal(true), closures: z.array(closureRowSchema) });
export type ClosureList = z.infer<typeof closureListSchema>;
export const closureSavedSchema = z.object({ success: z.literal(true), closure: closureRowSchema });
export type ClosureSaved = z.infer<typeof closureSavedSchema>;

/** The staff calendar: meetings between two dates, of one counsellor or all; `format=csv` downloads them. */
export const calendarQuery = z
  .object({
    from: z.string().refine(isDate, 'from must be a date like 2027-01-31'),
    to: z.string().refine(isDate, 'to must be a date like 2027-01-31'),
    counsellor: z.string().max(100).optional(),
    format: z.enum(['json', 'csv'], 'format must be json or csv').optional(),
  })
  .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 400 * 24 * 60 * 60 * 1000, {
    message: 'Choose at most 400 days at a time',
    path: ['to'],
  });

/** Gives a meeting to another counsellor. */
export const reassignSchema = z.object({
  counsellorId: z.string().trim().min(1, 'Choose a counsellor').max(100),
});
export const REASSIGN_MESSAGES = {
  notFound: 'No such meeting.',
  notChangeable: 'Only a booked meeting that has not started can be given to another counsellor.',
  unknown: 'No such counsellor, or they no longer take meetings.',
  same: 'The meeting is already with this counsellor.',
  mode: 'That counsellor does not meet this way (in person, video or phone).',
  taken: 'That counsellor has another meeting at this time.',
} as const;

export const calendarMeetingSchema = z.object({
  id: z.string(),
  counsellorId: z.string(),
  officeId: z.string(),
  mode: z.enum(consultationModes),
  topic: z.enum(consultationTopics),
  start: z.string(),
  end: z.string(),
  status: z.enum(consultationStatuses),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string().nullable(),
});
export const calendarSchema = z.object({
  success: z.literal(true),
  meetings: z.array(calendarMeetingSchema),
});
export type CalendarResponse = z.infer<typeof calendarSchema>;

/** What staff record after a meeting. */
export const meetingRecordSchema = z
  .object({
    status: z.enum(['booked', 'held', 'no_show'], 'Status must be booked, held or no_show').optional(),
    notes: z.string().max(5000, 'Notes must be at most 5000 characters').nullable().optional(),
  })
  .refine((r) => r.status !== undefined || r.notes !== undefined, 'Nothing to change');

/** The person behind a meeting, as staff open it from the calendar: their earlier meetings, and the accounts of their address with applications and documents. */
export const meetingPersonSchema = z.object({
  success: z.literal(true),
  earlier: z.array(
    z.object({
      id: z.string(),
      start: z.string(),
      status: z.enum(consultationStatuses),
      counsellor: z.string(),
      notes: z.string().nullable(),
    }),
  ),
  accounts: z.array(
    z.object({
      type: z.enum(['student', 'partner', 'applicant']),
      id: z.string(),
      name: z.string(),
      applications: z.array(
        z.object({ id: z.string(), title: z.string(), status: z.string(), href: z.string() }),
      ),
      documents: z.array(z.object({ id: z.string(), type: z.string(), name: z.string() })),
    }),
  ),
});
export type MeetingPerson = z.infer<typeof meetingPersonSchema>;

/**
 * Staff booking for a person (at the desk, on the phone): the public booking, and optionally the
 * counsellor they asked for (none: whoever is free, chosen as for the public).
 */
export const staffBookingSchema = bookingSchema.extend({
  counsellor: z.string().trim().max(100).optional(),
});
export type StaffBookingInput = z.input<typeof staffBookingSchema>;

/** The free times staff may book for a person: the public slots, optionally of one counsellor. */
export const staffSlotsQuery = slotsQuery.safeExtend({ counsellor: z.string().max(100).optional() });

export const STAFF_BOOKING_MESSAGES = {
  counsellor: 'No such counsellor, or they no longer take meetings.',
  notTheirs:
    'That counsellor does not meet then (that way, on that topic, at that office). Choose another time.',
} as const;

/** Finding the person to book for: a student or job seeker by part of their name or e-mail. */
export const bookingPeopleQuery = z.object({
  q: z
    .string({ error: 'Type at least 2 letters of a name or e-mail' })
    .trim()
    .min(2, 'Type at least 2 letters of a name or e-mail')
    .max(100, 'Search with at most 100 characters'),
});
export const bookingPersonSchema = z.object({
  type: z.enum(['student', 'applicant']),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type BookingPerson = z.infer<typeof bookingPersonSchema>;
export const bookingPeopleSchema = z.object({
  success: z.literal(true),
  people: z.array(bookingPersonSchema),
});
export type BookingPeople = z.infer<typeof bookingPeopleSchema>;
