import { describe, expect, it } from 'vitest';
import { postJson, request } from '#functions/test/fixtures/index.ts';
import { slotsResponse } from '#schemas/consultations.ts';
import { aCounsellor, allDay, anOffice, booking, mailsTo, parseIcs } from './consultations.test-helpers.ts';

// Daylight saving time, proven against the zones' published rules written out here (not against
// Intl, which the code uses): on both change days of London, New York and Sydney, and on a day of
// Kolkata (+05:30) and Kathmandu (+05:45), every whole hour of local time from 00:00 to 23:00 that
// exists is offered at the right instant, books at that instant, and reads the same in the e-mail
// and in the invitation.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The n-th (1-based; -1 the last) Sunday of a month, as YYYY-MM-DD. */
function sunday(year: number, month: number, n: number) {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const sundays = Array.from({ length: days }, (_, i) => i + 1).filter(
    (d) => new Date(Date.UTC(year, month - 1, d)).getUTCDay() === 0,
  );
  const day = n === -1 ? sundays.at(-1)! : sundays[n - 1]!;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A change of offset: on local date `date`, at `at` (UTC), from `before` to `after` minutes east of UTC. */
interface Change {
  zone: string;
  date: string;
  at: number;
  before: number;
  after: number;
}

const utcAt = (date: string, hour: number, dayShift = 0) =>
  Date.parse(`${date}T00:00:00Z`) + dayShift * 24 * HOUR + hour * HOUR;

/** Each zone's rules for a year (UK: last Sundays 01:00 UTC; US: second Sunday of March and first of November at 02:00 local; New South Wales: first Sundays of October and April at 02:00 standard time). */
function changesOf(year: number): Change[] {
  const londonSpring = sunday(year, 3, -1);
  const londonAutumn = sunday(year, 10, -1);
  const nySpring = sunday(year, 3, 2);
  const nyAutumn = sunday(year, 11, 1);
  const sydneyAutumn = sunday(year, 4, 1);
  const sydneySpring = sunday(year, 10, 1);
  return [
    { zone: 'Europe/London', date: londonSpring, at: utcAt(londonSpring, 1), before: 0, after: 60 },
    { zone: 'Europe/London', date: londonAutumn, at: utcAt(londonAutumn, 1), before: 60, after: 0 },
    { zone: 'America/New_York', date: nySpring, at: utcAt(nySpring, 7), before: -300, after: -240 },
    { zone: 'America/New_York', date: nyAutumn, at: utcAt(nyAutumn, 6), before: -240, after: -300 },
    // 03:00 AEDT = 16:00 UTC the day before; 02:00 AEST = 16:00 UTC the day before.
    {
      zone: 'Australia/Sydney',
      date: sydneyAutumn,
      at: utcAt(sydneyAutumn, 16, -1),
      before: 660,
      after: 600,
    },
    {
      zone: 'Australia/Sydney',
      date: sydneySpring,
      at: utcAt(sydneySpring, 16, -1),
      before: 600,
      after: 660,
    },
  ];
}

/** The next occurrence of each change, at least two days ahead. */
function upcomingChanges() {
  const year = new Date().getUTCFullYear();
  const soon = Date.now() + 2 * 24 * HOUR;
  const all = [...changesOf(year), ...changesOf(year + 1), ...changesOf(year + 2)].filter((c) => c.at > soon);
  const seen = new Set<string>();
  return all.filter((c) => {
    const key = `${c.zone}:${c.before}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A fixed offset for a whole day, a month ahead. */
function steady(zone: string, offset: number): Change {
  const date = new Date(Date.now() + 30 * 24 * HOUR).toISOString().slice(0, 10);
  return { zone, date, at: 0, before: offset, after: offset };
}

/** Every instant at which the zone's clocks show `hour`:00 on the change's date: none in the hour skipped, two in the hour lived twice. */
function expectedInstants(c: Change, hour: number) {
  const wall = Date.parse(`${c.date}T00:00:00Z`) + hour * HOUR;
  return [...new Set([c.before, c.after])]
    .map((offset) => ({ offset, instant: wall - offset * MINUTE }))
    .filter(({ offset, instant }) => (instant < c.at ? offset === c.before : offset === c.after))
    .map((v) => v.instant)
    .sort((a, b) => a - b);
}

/** The length of the local day in hours: 23, 24 or 25. */
const dayHours = (c: Change) => 24 + (c.before - c.after) / 60;

const offsetText = (minutes: number) =>
  `${minutes < 0 ? '−' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

/** One zone's change day as the table shows it. */
interface Row {
  zone: string;
  change: string;
  day: string;
  offered: number;
  skipped: string;
  doubled: string;
  agree: 'yes' | 'no';
}

/**
 * What the table must say, whatever the year: the local day's length, how many whole hours are
 * offered (an hour lived twice is offered twice), which hour does not exist and which is lived twice,
 * and whether the offered slot, the booking, the e-mail and the invitation agree on every hour.
 */
const EXPECTED_TABLE = `
zone              change            day   whole hours offered  skipped  doubled  all agree
America/New_York  −05:00 → −04:00   23 h  23                   02:00    —        yes
America/New_York  −04:00 → −05:00   25 h  25                   —        01:00    yes
Asia/Kathmandu    +05:45            24 h  24                   —        —        yes
Asia/Kolkata      +05:30            24 h  24                   —        —        yes
Australia/Sydney  +10:00 → +11:00   23 h  23                   02:00    —        yes
Australia/Sydney  +11:00 → +10:00   25 h  25                   —        02:00    yes
Europe/London     +00:00 → +01:00   23 h  23                   01:00    —        yes
Europe/London     +01:00 → +00:00   25 h  25                   —        01:00    yes
`.trim();

const tableOf = (rows: Row[]) => {
  const lines = [
    ['zone', 'change', 'day', 'whole hours offered', 'skipped', 'doubled', 'all agree'],
    ...[...rows]
      // By zone, the day the clocks go forward first.
      .sort((a, b) => a.zone.localeCompare(b.zone) || a.day.localeCompare(b.day))
      .map((r) => [r.zone, r.change, r.day, String(r.offered), r.skipped, r.doubled, r.agree]),
  ];
  const widths = [16, 16, 4, 19, 7, 7, 9];
  return lines
    .map((cells) =>
      cells
        .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

const cases = [...upcomingChanges(), steady('Asia/Kolkata', 330), steady('Asia/Kathmandu', 345)];
const rows: Row[] = [];

describe('daylight saving: offered slots, booked instants, e-mail and invitation times agree', () => {
  it('covers both change days of London, New York and Sydney, and Kolkata and Kathmandu', () => {
    expect(cases.map((c) => c.zone).sort()).toEqual([
      'America/New_York',
      'America/New_York',
      'Asia/Kathmandu',
      'Asia/Kolkata',
      'Australia/Sydney',
      'Australia/Sydney',
      'Europe/London',
      'Europe/London',
    ]);
  });

  it.each(cases.map((c) => [`${c.zone} ${c.date} (${c.before} → ${c.after})`, c] as const))(
    '%s',
    async (_, c) => {
      const office = await anOffice(c.zone);
      await aCounsellor(office, { hours: allDay, minNoticeMinutes: 0, bookingWindowDays: 1000 });
      const res = await request(
        `/api/consultations/slots?from=${c.date}&to=${c.date}&tz=${encodeURIComponent(c.zone)}&office=${office}&mode=video`,
      );
      expect(res.status).toBe(200);
      const offered = slotsResponse.parse(await res.json()).slots.map((s) => s.start);
      // The local day is 23, 24 or 25 hours of 30-minute slots, and no other.
      expect.soft(offered).toHaveLength(dayHours(c) * 2);
      const skipped: string[] = [];
      const doubled: string[] = [];
      let wholeHours = 0;
      // Each check is soft: a disagreement is named where it happens, and the row still reaches the table.
      let agree = offered.length === dayHours(c) * 2;
      const check = (ok: boolean, what: string) => {
        expect.soft(ok, what).toBe(true);
        agree &&= ok;
      };
      for (let hour = 0; hour < 24; hour++) {
        const hh = String(hour).padStart(2, '0');
        const instants = expectedInstants(c, hour);
        if (instants.length === 0) {
          skipped.push(`${hh}:00`);
          continue;
        }
        if (instants.length === 2) doubled.push(`${hh}:00`);
        for (const instant of instants) {
          const ok = offered.includes(new Date(instant).toISOString());
          check(ok, `${hh}:00 offered at ${new Date(instant).toISOString()}`);
          if (ok) wholeHours++;
        }
        const start = new Date(instants[0]!).toISOString();
        const body = booking(start, { office, timeZone: c.zone });
        const booked = await postJson('/api/consultations', body);
        check(booked.status === 201, `${hh}:00 booked (${booked.status})`);
        if (booked.status !== 201) continue;
        const { consultation } = await booked.json<{ consultation: { start: string; end: string } }>();
        check(consultation.start === start, `${hh}:00 booked at ${start}, not ${consultation.start}`);
        check(
          Date.parse(consultation.end) - Date.parse(consultation.start) === 30 * MINUTE,
          `${hh}:00 lasts 30 minutes`,
        );
        const [mail] = await mailsTo(body.email);
        // The e-mail names the local date and hour, and the zone.
        const when = mail?.text.split('\n').find((line) => line.startsWith('When: ')) ?? '';
        check(
          new RegExp(`\\b${Number(c.date.slice(8))} \\w+ ${c.date.slice(0, 4)}\\b.*\\b${hh}:00\\b`).test(
            when,
          ) && when.includes(c.zone),
          `${hh}:00 in the e-mail: ${when}`,
        );
        const event = mail?.attachments[0] && parseIcs(mail.attachments[0].content);
        check(
          Boolean(event?.startIsUtc) && event?.start.toISOString() === start,
          `${hh}:00 in the invitation: ${event?.start.toISOString()}`,
        );
      }
      rows.push({
        zone: c.zone,
        change:
          c.before === c.after ? offsetText(c.before) : `${offsetText(c.before)} → ${offsetText(c.after)}`,
        day: `${dayHours(c)} h`,
        offered: wholeHours,
        skipped: skipped.join(', ') || '—',
        doubled: doubled.join(', ') || '—',
        agree: agree ? 'yes' : 'no',
      });
    },
  );

  it('the table of every zone and change day says what the zones’ rules say', () => {
    const table = tableOf(rows);
    console.log(`Daylight saving, whole local hours 00:00–23:00 on each change day:\n${table}`);
    expect(table).toBe(EXPECTED_TABLE);
  });
});
