import type { Db } from '#db/client.ts';
import { meetingsOfAddressForStaff } from '#db/queries/consultations.ts';
import { findPeopleByEmail } from '#db/queries/personal-data.ts';
import { loadProfile } from '#db/queries/students.ts';
import { timelineOf } from '#db/queries/timelines.ts';
import type { MeetingPerson } from '#schemas/admin/counsellors.ts';
import { staffLabel, type Pipeline } from '#schemas/pipelines.ts';

/** Where staff open an application of each pipeline in the back office. */
const adminHref = {
  subscription: (id: string) => `/admin/applications?id=${encodeURIComponent(id)}`,
  job_application: (id: string) => `/admin/job-applications?id=${encodeURIComponent(id)}`,
  partner_request: (id: string) => `/admin/partner-requests?id=${encodeURIComponent(id)}`,
} as const;

/**
 * The person behind a meeting, for the staff who hold it: their other meetings (with the notes on
 * them), and every account registered with the meeting's address, with its applications and
 * documents. A meeting is booked by address, so these are the accounts that address opens.
 */
export async function personOfMeeting(
  db: Db,
  meeting: { id: string; email: string },
): Promise<Omit<MeetingPerson, 'success'>> {
  const [earlier, people] = await Promise.all([
    meetingsOfAddressForStaff(db, meeting.email, meeting.id),
    findPeopleByEmail(db, meeting.email),
  ]);
  const accounts = await Promise.all(
    people.map(async (person) => {
      const [items, profile] = await Promise.all([
        timelineOf(db, person.type, person.id),
        person.type === 'student' ? loadProfile(db, person.id) : undefined,
      ]);
      return {
        type: person.type,
        id: person.id,
        name: person.name,
        applications: items.map((i) => ({
          id: i.id,
          title: i.title,
          status: staffLabel(i.pipeline as Pipeline, i.status),
          href: adminHref[i.pipeline as keyof typeof adminHref]?.(i.id) ?? '/admin',
        })),
        documents: (profile?.documents ?? []).map((d) => ({
          id: d._id,
          type: d.documentType,
          name: d.fileName,
        })),
      };
    }),
  );
  return {
    earlier: earlier.map((m) => ({ ...m, start: m.start.toISOString() })),
    accounts,
  };
}
