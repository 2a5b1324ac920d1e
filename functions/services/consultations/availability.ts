import type { ConsultationMode, ConsultationTopic } from '#schemas/consultation-rules.ts';
import { addDays, daysBetween, localDate, weekday, zonedInstant } from '#schemas/zoned-time.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Slots start on a grid of this many minutes (a meeting and its buffer, rounded up to it). */
const GRID_MINUTES = 15;

/** What the slots are made of: read by db/queries/consultations.ts availabilityData. */
export interface Counsellor {
  id: string;
  name: string;
  modes: ConsultationMode[];
  topics: ConsultationTopic[];
  meetingMinutes: number;
  bufferMinutes: number;
  minNoticeMinutes: number;
  bookingWindowDays: number;
}
export interface WeeklyHours {
  counsellorId: string;
  officeId: string;
  weekday: number;
  startMinute: number;
  endMinute: number;
}
export interface Closure {
  counsellorId: string | null;
  officeId: string | null;
  date: string;
  startMinute: number | null;
  endMinute: number | null;
}
export interface Meeting {
  id: string;
  counsellorId: string;
  startAt: Date;
  endAt: Date;
}
export interface AvailabilityData {
  counsellors: Counsellor[];
  hours: WeeklyHours[];
  closures: Closure[];
  meetings: Meeting[];
  /** Office id → IANA zone. An office missing here offers nothing. */
  officeZones: Map<string, string>;
}

/** Which slots are wanted: starts in [from, to), and the person's choices. */
export interface SlotFilter {
  from: Date;
  to: Date;
  now: Date;
  office?: string | undefined;
  mode?: ConsultationMode | undefined;
  topic?: ConsultationTopic | undefined;
  /** One counsellor's times only (staff booking with the counsellor a person asked for). */
  counsellor?: string | undefined;
  /** A meeting being moved: its own time does not make its counsellor busy. */
  ignoreMeeting?: string | undefined;
}

/** One counsellor free at one time, at one office, in one mode. */
export interface OpenTime {
  start: Date;
  end: Date;
  officeId: string;
  mode: ConsultationMode;
  counsellorId: string;
}

/**
 * The instant a zone's clocks show `minute` on `date`, or where they jump over it (clocks going
 * forward), the first instant after: a period of hours that starts in the skipped hour starts when
 * the clocks land.
 */
function instantOrNext(date: string, minute: number, timeZone: string) {
  for (let m = minute; m <= minute + 180; m += 1) {
    const at = zonedInstant(date, m, timeZone);
    if (at) return at.getTime();
  }
  throw new RangeError(`no time near minute ${minute} of ${date} in ${timeZone}`);
}

/** Whether [start, end) meets a closure of this counsellor or office on the slot's local date. */
function closed(
  closures: Closure[],
  counsellorId: string,
  officeId: string,
  date: string,
  start: number,
  end: number,
  timeZone: string,
) {
  return closures.some((c) => {
    if (c.date !== date) return false;
    if (c.counsellorId !== null && c.counsellorId !== counsellorId) return false;
    if (c.officeId !== null && c.officeId !== officeId) return false;
    if (c.startMinute === null || c.endMinute === null) return true;
    const from = instantOrNext(date, c.startMinute, timeZone);
    const until = instantOrNext(date, c.endMinute, timeZone);
    return start < until && from < end;
  });
}

/**
 * Every time a counsellor can meet within the filter: their weekly hours read in the office's own
 * zone on each local date, stepped on a grid of meeting plus buffer, less closures, less the
 * minimum notice and past the booking window, less existing meetings widened by the buffer on
 * both sides. Sorted by start. Pure: the same data gives the same times.
 */
export function openTimes(data: AvailabilityData, filter: SlotFilter): OpenTime[] {
  const out: OpenTime[] = [];
  const from = filter.from.getTime();
  const to = filter.to.getTime();
  const now = filter.now.getTime();
  const byCounsellor = new Map<string, Meeting[]>();
  for (const m of data.meetings) {
    if (m.id === filter.ignoreMeeting) continue;
    byCounsellor.set(m.counsellorId, [...(byCounsellor.get(m.counsellorId) ?? []), m]);
  }
  for (const c of data.counsellors) {
    if (filter.counsellor && c.id !== filter.counsellor) continue;
    if (filter.topic && !c.topics.includes(filter.topic)) continue;
    const modes = filter.mode ? c.modes.filter((m) => m === filter.mode) : c.modes;
    if (modes.length === 0) continue;
    const length = c.meetingMinutes * MINUTE;
    const buffer = c.bufferMinutes * MINUTE;
    const step = Math.ceil((c.meetingMinutes + c.bufferMinutes) / GRID_MINUTES) * GRID_MINUTES * MINUTE;
    const earliest = Math.max(from, now + c.minNoticeMinutes * MINUTE);
    const latest = Math.min(to, now + c.bookingWindowDays * DAY);
    if (earliest >= latest) continue;
    const busy = byCounsellor.get(c.id) ?? [];
    for (const h of data.hours) {
      if (h.counsellorId !== c.id) continue;
      if (filter.office && h.officeId !== filter.office) continue;
      const zone = data.officeZones.get(h.officeId);
      if (!zone) continue;
      // Local dates of the office that can hold a start in range (a day either side for periods
      // that run past midnight in UTC terms).
      const first = addDays(localDate(earliest, zone), -1);
      const days = daysBetween(first, localDate(latest, zone)) + 1;
      for (let d = 0; d <= days; d++) {
        const date = addDays(first, d);
        if (weekday(date) !== h.weekday) continue;
        const periodStart = instantOrNext(date, h.startMinute, zone);
        const periodEnd = instantOrNext(date, h.endMinute, zone);
        for (let start = periodStart; start + length <= periodEnd; start += step) {
          if (start < earliest || start >= latest) continue;
          const end = start + length;
          if (busy.some((m) => m.startAt.getTime() < end + buffer && m.endAt.getTime() + buffer > start))
            continue;
          if (closed(data.closures, c.id, h.officeId, localDate(start, zone), start, end, zone)) continue;
          for (const mode of modes)
            out.push({
              start: new Date(start),
              end: new Date(end),
              officeId: h.officeId,
              mode,
              counsellorId: c.id,
            });
        }
      }
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.officeId.localeCompare(b.officeId));
}

/** The slots people choose from: open times with the counsellor left out, each time once. */
export function slotsOf(times: OpenTime[]) {
  const seen = new Set<string>();
  const slots: { start: string; end: string; office: string; mode: ConsultationMode }[] = [];
  for (const t of times) {
    const slot = { start: t.start.toISOString(), end: t.end.toISOString(), office: t.officeId, mode: t.mode };
    const key = `${slot.start}|${slot.end}|${slot.office}|${slot.mode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    slots.push(slot);
  }
  return slots;
}

/**
 * The counsellors whose hours offer exactly this start (in this mode, at this office if named),
 * one entry each: the booking statement chooses among them the one who is still free.
 */
export function candidatesAt(times: OpenTime[], start: Date) {
  const seen = new Set<string>();
  return times.filter((t) => {
    if (t.start.getTime() !== start.getTime() || seen.has(t.counsellorId)) return false;
    seen.add(t.counsellorId);
    return true;
  });
}
