import type { Db } from '#db/client.ts';
import { meetingsOfAddress } from '#db/queries/consultations.ts';
import { findPerson } from '#db/queries/personal-data.ts';
import { meetingPersonLabels, meetingPersonNext, meetingPersonState } from '#schemas/consultation-rules.ts';
import type { PersonType } from '#schemas/privacy.ts';
import type { MeetingItem } from '#schemas/timeline.ts';
import { manageLinkExpired, manageLinks } from './manage-links.ts';

/**
 * The person's free consultations for their dashboard's timeline: meetings booked with their
 * address, once the account has proven it holds that address (anyone may book with any address,
 * so an unconfirmed one shows nothing). Each with its state as the person reads it, its history and,
 * while it works, its manage link.
 */
export async function meetingsOnTimeline(
  db: Db,
  env: Env,
  type: PersonType,
  accountId: string,
  now: Date,
): Promise<MeetingItem[]> {
  const person = await findPerson(db, type, accountId);
  if (!person?.isVerified) return [];
  const rows = await meetingsOfAddress(db, person.email);
  const items: MeetingItem[] = [];
  for (const m of rows) {
    const state = meetingPersonState(m.status, m.movedAt !== null);
    if (!state) continue;
    const events = [{ label: 'Booked', at: m.createdAt.toISOString() }];
    if (m.movedAt) events.push({ label: 'Moved to a new time', at: m.movedAt.toISOString() });
    if (m.recordedAt && (state === 'held' || state === 'missed'))
      events.push({ label: meetingPersonLabels[state], at: m.recordedAt.toISOString() });
    items.push({
      id: m.id,
      state,
      label: meetingPersonLabels[state],
      next: meetingPersonNext[state],
      start: m.start.toISOString(),
      end: m.end.toISOString(),
      timeZone: m.timeZone,
      mode: m.mode,
      topic: m.topic,
      counsellor: m.counsellor,
      office: { name: m.office, city: m.officeCity, timeZone: m.officeTimeZone },
      manageUrl: manageLinkExpired(m.end, now) ? null : (await manageLinks(env, m.id)).relative,
      lastChangeAt: events.at(-1)!.at,
      events,
    });
  }
  return items;
}
