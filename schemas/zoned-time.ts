/**
 * Wall-clock times in IANA time zones, with the platform's Intl only: the zone rules are the
 * runtime's own (the Worker's, the browser's), never an offset written here. Shared by the slots
 * the API offers, the e-mails that name their times and the booking page.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter a zone that gives the numeric parts of an instant's local time. */
function partsFormatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(name: string) {
  if (!name || name.length > 64) return false;
  try {
    partsFormatter(name);
    return true;
  } catch {
    return false;
  }
}

/** An instant's local date and time in a zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The local date and time of an instant in a zone. */
export function wallTime(instant: Date | number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(instant))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The local wall time read as if it were UTC: its difference from the instant is the zone's offset then. */
const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** A date string's parts ('2026-03-29'). */
export function dateParts(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isDate(date: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const { year, month, day } = dateParts(date);
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** The date `n` days after a date (calendar arithmetic, no zone involved). */
export function addDays(date: string, n: number) {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day) + n * DAY).toISOString().slice(0, 10);
}

/** Days from one date to another (0 for the same date). */
export function daysBetween(from: string, to: string) {
  const a = dateParts(from);
  const b = dateParts(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function weekday(date: string) {
  const { year, month, day } = dateParts(date);
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(instant: Date | number, timeZone: string) {
  const w = wallTime(instant, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The instant at which a zone's clocks show `minute` minutes after the start of `date` (1440 is
 * the next midnight), or null when they never do (the hour skipped when clocks go forward). Where
 * the clocks show it twice (the hour repeated when they go back), the earlier instant.
 */
export function zonedInstant(date: string, minute: number, timeZone: string): Date | null {
  const { year, month, day } = dateParts(date);
  const wall = Date.UTC(year, month - 1, day) + minute * MINUTE;
  // The offsets in force a day either side cover every instant this wall time can be: try each.
  const offsets = new Set<number>();
  for (const probe of [wall - DAY, wall, wall + DAY]) {
    offsets.add(asUtc(wallTime(probe, timeZone)) - Math.floor(probe / 1000) * 1000);
  }
  const matches = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => asUtc(wallTime(instant, timeZone)) === wall)
    .sort((a, b) => a - b);
  return matches.length ? new Date(matches[0]!) : null;
}

/** The first instant of a local date in a zone (its midnight, or the first minute after a skipped one). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  for (let minute = 0; minute < 1440; minute += 15) {
    const at = zonedInstant(date, minute, timeZone);
    if (at) return at;
  }
  throw new RangeError(`${date} has no time in ${timeZone}`);
}

/** "Sunday 29 March 2026, 02:30" in a zone, as e-mails and pages write a meeting's time. */
export function formatInZone(instant: Date | number, timeZone: string, locale = 'en-GB') {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** "14:30" in a zone. */
export function timeInZone(instant: Date | number, timeZone: string, locale = 'en-GB') {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** The zone's short name at an instant ("BST", "GMT+5:45"), for a label beside a time. */
export function zoneAbbreviation(instant: Date | number, timeZone: string, locale = 'en-GB') {
  return (
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}
