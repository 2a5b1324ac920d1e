import { z } from 'zod';
import type { Db } from './client.ts';
import { counsellorClosures, counsellorHours, counsellors } from './schema/index.ts';
import { consultationModes, consultationTopics } from '#schemas/consultation-rules.ts';

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time like 09:30');
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/**
 * content/counsellors.json: the counsellors a new database starts with, their weekly hours written
 * as an office, ISO weekdays (1 Monday … 7 Sunday) and local clock times, and their days off.
 */
export const counsellorSeedSchema = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    email: z.email().nullable(),
    modes: z.array(z.enum(consultationModes)).min(1),
    topics: z.array(z.enum(consultationTopics)).min(1),
    videoLink: z.url().nullable(),
    meetingMinutes: z.number().int().min(15),
    bufferMinutes: z.number().int().min(0),
    hours: z.array(
      z.object({ office: z.string(), days: z.array(z.number().int().min(1).max(7)), from: clock, to: clock }),
    ),
    closures: z.array(z.object({ date: z.string(), reason: z.string() })),
  }),
);

/**
 * Loads the counsellors whose id is not in the database yet, with their hours and closures; a
 * counsellor already there (maybe edited by staff) is left as it is. Returns how many were added.
 */
export async function seedCounsellors(db: Db, raw: unknown, officeIds: ReadonlySet<string>) {
  const list = counsellorSeedSchema.parse(raw);
  let added = 0;
  for (const c of list) {
    const unknown = c.hours.find((h) => !officeIds.has(h.office));
    if (unknown)
      throw new Error(
        `content/counsellors.json: ${c.id} works at "${unknown.office}", which is not an office`,
      );
    const { hours, closures, ...row } = c;
    const [inserted] = await db
      .insert(counsellors)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: counsellors.id });
    if (!inserted) continue;
    added++;
    const statements = [
      ...hours.flatMap((h) =>
        h.days.map((weekday) =>
          db.insert(counsellorHours).values({
            id: `${c.id}-${h.office}-${weekday}-${h.from}`,
            counsellorId: c.id,
            officeId: h.office,
            weekday,
            startMinute: minutes(h.from),
            endMinute: minutes(h.to),
          }),
        ),
      ),
      ...closures.map((x) =>
        db
          .insert(counsellorClosures)
          .values({ id: `${c.id}-${x.date}`, counsellorId: c.id, date: x.date, reason: x.reason }),
      ),
    ];
    const [first, ...rest] = statements;
    if (first) await db.batch([first, ...rest]);
  }
  return added;
}
