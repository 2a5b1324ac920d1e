import type { MailAttachment } from '#schemas/mail.ts';

/**
 * A calendar invitation (iCalendar, RFC 5545, with the iTIP methods of RFC 5546): REQUEST for a
 * booking and each move, CANCEL when it is called off. One UID for the meeting's whole life and a
 * SEQUENCE that rises with every change, so a calendar that has the meeting updates it in place
 * instead of adding another. Times are written in UTC: no zone definitions to keep right.
 */
export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** When this version was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  /** An address, or the video link. */
  location: string;
  url?: string | undefined;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** 20260329T013000Z */
const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value (CN) is quoted, and may hold no double quote or control character. */
const param = (value: string) => `"${value.replace(/["\p{Cc}]/gu, '')}"`;

/** Lines longer than 75 octets are folded with CRLF and a space (RFC 5545 3.1), never inside a character. */
function fold(line: string) {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    if (size + bytes > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The invitation as iCalendar text. */
export function invitationIcs(i: Invitation) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    // The product that wrote the file, not the company: the brand lives in content/site.json alone.
    'PRODID:-//Consultation booking//Invitations//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${i.method}`,
    'BEGIN:VEVENT',
    `UID:${i.uid}`,
    `SEQUENCE:${i.sequence}`,
    `DTSTAMP:${utc(i.stamp)}`,
    `DTSTART:${utc(i.start)}`,
    `DTEND:${utc(i.end)}`,
    `SUMMARY:${text(i.summary)}`,
    `DESCRIPTION:${text(i.description)}`,
    `LOCATION:${text(i.location)}`,
    ...(i.url ? [`URL:${i.url}`] : []),
    `ORGANIZER;CN=${param(i.organizer.name)}:mailto:${i.organizer.email}`,
    `ATTENDEE;CN=${param(i.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${i.attendee.email}`,
    `STATUS:${i.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The invitation as an e-mail attachment; its media type carries the method, as iTIP asks. */
export function invitationAttachment(i: Invitation): MailAttachment {
  return {
    filename: i.method === 'CANCEL' ? 'cancelled.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${i.method}`,
    content: invitationIcs(i),
  };
}
