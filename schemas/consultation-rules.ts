/**
 * Free consultations: the modes, topics and statuses of a meeting and the words people read for
 * them, without zod, so the database schema and light islands can import them. One definition,
 * imported by the tables (db/schema/consultations.ts), the routes, the e-mails and the pages.
 */
import { emailProblem, type TextRule } from './contact-rules.ts';
import { phoneProblem } from './phone.ts';

export const consultationModes = ['in_person', 'video', 'phone'] as const;
export type ConsultationMode = (typeof consultationModes)[number];

/** How each mode reads to the person and to staff. */
export const consultationModeLabels: Record<ConsultationMode, string> = {
  in_person: 'In person at the office',
  video: 'Video call',
  phone: 'Phone call',
};

export const consultationTopics = ['study', 'work', 'partner'] as const;
export type ConsultationTopic = (typeof consultationTopics)[number];

export const consultationTopicLabels: Record<ConsultationTopic, string> = {
  study: 'Studying abroad',
  work: 'Working abroad',
  partner: 'Partnering with us (institutions and employers)',
};

/**
 * `booked`: coming up (or past, not yet marked); `cancelled` by the person or staff (its slot is
 * free again at once); `held` and `no_show`: what staff record afterwards.
 */
export const consultationStatuses = ['booked', 'cancelled', 'held', 'no_show'] as const;
export type ConsultationStatus = (typeof consultationStatuses)[number];

export const consultationStatusLabels: Record<ConsultationStatus, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  held: 'Held',
  no_show: 'Did not attend',
};

/**
 * A meeting as the person follows it on their dashboard: booked, moved (booked, at a new time),
 * held, or missed. Cancelled meetings leave the timeline.
 */
export const meetingPersonStates = ['booked', 'moved', 'held', 'missed'] as const;
export type MeetingPersonState = (typeof meetingPersonStates)[number];

export const meetingPersonLabels: Record<MeetingPersonState, string> = {
  booked: 'Booked',
  moved: 'Moved',
  held: 'Held',
  missed: 'Missed',
};

/** What the person reads next to each state. */
export const meetingPersonNext: Record<MeetingPersonState, string> = {
  booked: 'Your counsellor meets you at this time. You can move or cancel it until it starts.',
  moved: 'Your consultation is at its new time. You can move or cancel it until it starts.',
  held: 'Your counsellor follows up on what you talked about. Book another whenever you need one.',
  missed: 'We missed you at this consultation. Book another time whenever it suits you.',
};

/** The person's state of a meeting from its stored status and whether it moved; undefined for a cancelled one. */
export function meetingPersonState(
  status: ConsultationStatus,
  moved: boolean,
): MeetingPersonState | undefined {
  if (status === 'held') return 'held';
  if (status === 'no_show') return 'missed';
  if (status === 'booked') return moved ? 'moved' : 'booked';
  return undefined;
}

/** The most future meetings one e-mail address may hold at once. */
export const CONSULTATION_LIMIT_PER_EMAIL = 3;

/** The most days one slots request may cover. */
export const SLOT_RANGE_MAX_DAYS = 31;

/**
 * How long after a meeting's end its manage link keeps working: the person can still see what
 * happened to it, and nothing more can be changed.
 */
export const MANAGE_LINK_DAYS_AFTER = 7;

/** What people read when a booking, a reschedule or a cancellation is refused. */
export const CONSULTATION_MESSAGES = {
  taken: 'That time has just been taken. Please choose another.',
  notOffered: 'That time is not offered. Please choose another from the list.',
  limit: `You already have ${CONSULTATION_LIMIT_PER_EMAIL} consultations booked. Please cancel or attend one before booking another.`,
  tooMany: (wait: string) => `Too many bookings from your network. Please try again in ${wait}.`,
  range: `Choose at most ${SLOT_RANGE_MAX_DAYS} days at a time.`,
  order: 'The end date must not be before the start date.',
  timeZone: 'Unknown time zone. Choose one from the list.',
  invalidLink:
    'This link does not work: it may have been copied only in part. Open it from your e-mail again.',
  expiredLink: 'This link has expired: the consultation is over.',
  notFound: 'No such consultation.',
  notChangeable: 'This consultation can no longer be changed.',
  booked: 'Your consultation is booked. We have e-mailed you the details and a calendar invitation.',
  rescheduled: 'Your consultation has been moved. We have e-mailed you the new time.',
  cancelled: 'Your consultation is cancelled. We have e-mailed you a confirmation.',
} as const;

/**
 * The booking form's fields, checked by the page before sending (without zod) and by the route's
 * schema (schemas/consultations.ts), built from the same rules.
 */
export const bookingRules = {
  name: { label: 'Name', max: 120, required: true },
  email: { label: 'Email', max: 254, required: true, problem: emailProblem },
  phone: { label: 'Phone', max: 40, required: true, problem: phoneProblem },
  country: { label: 'Country', max: 120, required: false },
  message: { label: 'Message', max: 2000, required: false },
} satisfies Record<string, TextRule>;
