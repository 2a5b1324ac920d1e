import {
  consultationModeLabels,
  consultationTopicLabels,
  type ConsultationMode,
  type ConsultationTopic,
} from '#schemas/consultation-rules.ts';
import { formatInZone, timeInZone, zoneAbbreviation } from '#schemas/zoned-time.ts';
import { notificationEmail, plainName, type EmailBrand } from '../mail/emails.ts';
import type { EmailMessage } from '../mail/mailer.ts';
import { invitationAttachment } from './ics.ts';
import { noticeAbout } from '#db/queries/outbox.ts';

/** A meeting as its e-mails describe it. */
export interface MeetingForMail {
  id: string;
  start: Date;
  end: Date;
  mode: ConsultationMode;
  topic: ConsultationTopic;
  sequence: number;
  name: string;
  email: string;
  phone: string;
  /** The person's zone: the times they read are in it. */
  timeZone: string;
  counsellor: { name: string; email: string | null; videoLink: string | null };
  office: { name: string; address: string; email: string; timeZone: string };
}

/** The host part of the site's address: the invitation's UID lives under it. */
const host = (siteUrl: string) => {
  try {
    return new URL(siteUrl).hostname;
  } catch {
    return 'consultations.invalid';
  }
};

/** "Tuesday 3 March 2026, 14:30 (GMT, Europe/London)" */
export const meetingTime = (at: Date, timeZone: string) =>
  `${formatInZone(at, timeZone)} (${zoneAbbreviation(at, timeZone)}, ${timeZone})`;

/** Where the meeting happens, as the invitation's LOCATION and the e-mail say it. */
function place(m: MeetingForMail) {
  if (m.mode === 'in_person') return `${m.office.name}, ${m.office.address}`;
  if (m.mode === 'video') return m.counsellor.videoLink ?? 'Video call: the link follows by e-mail';
  return `Phone call: ${m.counsellor.name} calls you on ${m.phone}`;
}

/** The lines every message about the meeting carries: when (both zones), how, with whom, and the link. */
function details(m: MeetingForMail, manage: string) {
  const lines = [
    `When: ${meetingTime(m.start, m.timeZone)}, for ${Math.round((m.end.getTime() - m.start.getTime()) / 60000)} minutes.`,
  ];
  if (m.office.timeZone !== m.timeZone)
    lines.push(
      `At the office in ${m.office.name}: ${timeInZone(m.start, m.office.timeZone)} ${zoneAbbreviation(m.start, m.office.timeZone)}.`,
    );
  lines.push(
    `How: ${consultationModeLabels[m.mode]}. ${place(m)}.`,
    `With: ${m.counsellor.name}, about ${consultationTopicLabels[m.topic].toLowerCase()}.`,
    `See, move or cancel it: ${manage}`,
  );
  return lines;
}

/** The calendar invitation of the meeting as it now stands. */
function invitation(
  m: MeetingForMail,
  brand: EmailBrand,
  siteUrl: string,
  manage: string,
  method: 'REQUEST' | 'CANCEL',
) {
  return invitationAttachment({
    method,
    uid: `consultation-${m.id}@${host(siteUrl)}`,
    sequence: m.sequence,
    start: m.start,
    end: m.end,
    stamp: new Date(),
    summary: `Free consultation with ${brand.companyName}`,
    description: [
      `${consultationModeLabels[m.mode]} with ${m.counsellor.name} about ${consultationTopicLabels[m.topic].toLowerCase()}.`,
      m.mode === 'phone' ? `We will call you on ${m.phone}.` : '',
      `See, move or cancel it: ${manage}`,
    ]
      .filter(Boolean)
      .join('\n'),
    location: place(m),
    url: m.mode === 'video' ? (m.counsellor.videoLink ?? undefined) : undefined,
    organizer: { name: m.counsellor.name, email: m.counsellor.email ?? m.office.email },
    attendee: { name: m.name, email: m.email },
  });
}

/** What happened to the meeting, for the subject and the first line. */
const WHAT = {
  booked: {
    subject: 'Your free consultation is booked',
    lead: 'your free consultation is booked. The invitation attached adds it to your calendar.',
  },
  rescheduled: {
    subject: 'Your consultation has moved',
    lead: 'your consultation has moved to a new time. The invitation attached updates your calendar.',
  },
  cancelled: {
    subject: 'Your consultation is cancelled',
    lead: 'your consultation is cancelled. The attachment removes it from your calendar.',
  },
  reminder24h: {
    subject: 'Reminder: your consultation is tomorrow',
    lead: 'a reminder of your consultation tomorrow.',
  },
  reminder1h: {
    subject: 'Reminder: your consultation starts in an hour',
    lead: 'your consultation starts in an hour.',
  },
} as const;
export type MeetingMailKind = keyof typeof WHAT;

/**
 * The person's e-mail about their meeting. Booking and moves carry a REQUEST invitation, a
 * cancellation a CANCEL one, both with the meeting's one UID and its current SEQUENCE; reminders
 * carry none (the calendar already has the meeting). Anyone can book with any address, so the
 * name is shown only as plainName allows, and the person's own message is never repeated.
 */
export function meetingEmail(
  kind: MeetingMailKind,
  brand: EmailBrand,
  m: MeetingForMail,
  links: { siteUrl: string; manage: string },
): EmailMessage {
  const name = plainName(m.name);
  const { subject, lead } = WHAT[kind];
  const paragraphs = [`${name ? `Hello ${name}, ` : 'Hello, '}${lead}`, ...details(m, links.manage)];
  const message = notificationEmail(
    brand,
    m.email,
    `${subject}: ${formatInZone(m.start, m.timeZone)}`,
    paragraphs,
  );
  if (kind === 'reminder24h' || kind === 'reminder1h') return { ...message, once: true };
  return {
    ...message,
    attachments: [
      invitation(m, brand, links.siteUrl, links.manage, kind === 'cancelled' ? 'CANCEL' : 'REQUEST'),
    ],
  };
}

/** What happened, as the counsellor is told it. */
const FOR_COUNSELLOR = {
  booked: { subject: 'New consultation', lead: 'a free consultation has been booked with you.' },
  rescheduled: { subject: 'Consultation moved', lead: 'a consultation with you has moved to a new time.' },
  cancelled: { subject: 'Consultation cancelled', lead: 'a consultation with you has been cancelled.' },
  reassignedTo: {
    subject: 'Consultation given to you',
    lead: 'a colleague has given you a consultation that was with someone else.',
  },
  reassignedFrom: {
    subject: 'Consultation given to a colleague',
    lead: 'a consultation that was with you is now with a colleague: you no longer hold it.',
  },
} as const;
export type CounsellorMailKind = keyof typeof FOR_COUNSELLOR;

/**
 * The counsellor's notice of a change to their calendar: the time in their office's zone (and the
 * person's), the way to meet, who booked it and where the calendar is. Sent to the counsellor's own
 * address, else their office's.
 */
export function counsellorEmail(
  kind: CounsellorMailKind,
  brand: EmailBrand,
  m: MeetingForMail,
  counsellor: { name: string; email: string | null },
  calendarUrl: string,
): EmailMessage {
  const { subject, lead } = FOR_COUNSELLOR[kind];
  const name = plainName(counsellor.name);
  const who = plainName(m.name) ?? 'the person who booked';
  const paragraphs = [
    `${name ? `Hello ${name}, ` : 'Hello, '}${lead}`,
    `When: ${meetingTime(m.start, m.office.timeZone)}, for ${Math.round((m.end.getTime() - m.start.getTime()) / 60000)} minutes${
      m.timeZone !== m.office.timeZone ? ` (${timeInZone(m.start, m.timeZone)} for them, ${m.timeZone})` : ''
    }.`,
    `How: ${consultationModeLabels[m.mode]}, about ${consultationTopicLabels[m.topic].toLowerCase()}, at ${m.office.name}.`,
    `With: ${who}, ${m.email}, ${m.phone}.`,
    `Your calendar: ${calendarUrl}`,
  ];
  return {
    ...notificationEmail(
      brand,
      counsellor.email ?? m.office.email,
      `${subject}: ${formatInZone(m.start, m.office.timeZone)}`,
      paragraphs,
    ),
    // It names the person: erasing them removes it.
    about: noticeAbout.address(m.email),
  };
}
