import { env } from 'cloudflare:test';
import ICAL from 'ical.js';
import * as t from '#db/schema/index.ts';
import { db } from '#functions/test/fixtures/index.ts';
import type { ConsultationMode, ConsultationTopic } from '#schemas/consultation-rules.ts';
import type { MailAttachment } from '#schemas/mail.ts';

// Offices, counsellors and e-mails of the consultation tests, written straight into D1.

const short = () => crypto.randomUUID().slice(0, 8);

/** An office of its own in a zone (slots are asked for by office, so tests never see each other's). */
export async function anOffice(timeZone: string) {
  const id = `office-${short()}`;
  await db.insert(t.offices).values({
    id,
    name: `Office ${id}`,
    country: 'Testland',
    city: 'Testville',
    address: '1 Test Street',
    email: `${id}@example.com`,
    timeZone,
    mapX: 0,
    mapY: 0,
  });
  return id;
}

/** A counsellor at an office: every day 09:00–17:00 unless other hours are given. */
export async function aCounsellor(
  officeId: string,
  options: Partial<typeof t.counsellors.$inferInsert> & {
    hours?: { weekday: number; startMinute: number; endMinute: number }[];
    modes?: ConsultationMode[];
    topics?: ConsultationTopic[];
  } = {},
) {
  const { hours, ...row } = options;
  const id = `counsellor-${short()}`;
  await db.insert(t.counsellors).values({
    id,
    name: `Counsellor ${id}`,
    email: `${id}@example.com`,
    modes: ['in_person', 'video', 'phone'],
    topics: ['study', 'work', 'partner'],
    videoLink: `https://video.example.com/${id}`,
    ...row,
  });
  const week =
    hours ?? [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 }));
  await db
    .insert(t.counsellorHours)
    .values(week.map((h) => ({ id: crypto.randomUUID(), counsellorId: id, officeId, ...h })));
  return id;
}

/** Every hour of every day. */
export const allDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));

/** A booking body for a slot. */
export const booking = (start: string, extra: Record<string, unknown> = {}) => ({
  start,
  mode: 'video',
  topic: 'study',
  name: 'Ana Test',
  email: `ana-${short()}@example.com`,
  phone: '+44 20 7946 0000',
  timeZone: 'Europe/London',
  ...extra,
});

/** The e-mails to an address with their attachments, oldest first. */
export async function mailsTo(to: string) {
  const rows = await env.DB.prepare(
    'select subject, text, attachments from outbox where "to" = ? order by created_at, rowid',
  )
    .bind(to.toLowerCase())
    .all<{ subject: string; text: string; attachments: string | null }>();
  return rows.results.map((r) => ({
    ...r,
    attachments: r.attachments ? (JSON.parse(r.attachments) as MailAttachment[]) : [],
  }));
}

/** An .ics file read with ical.js: the calendar's METHOD and its one event. */
export function parseIcs(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content) as unknown[]);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
  const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: start.toJSDate(),
    end: end.toJSDate(),
    startIsUtc: start.zone?.tzid === 'UTC',
    organizer: vevent.getFirstPropertyValue('organizer'),
    attendee: vevent.getFirstPropertyValue('attendee'),
    location: event.location,
    description: event.description,
    status: vevent.getFirstPropertyValue('status'),
  };
}
