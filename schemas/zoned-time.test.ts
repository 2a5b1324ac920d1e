import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isDate,
  isTimeZone,
  localDate,
  startOfLocalDay,
  wallTime,
  weekday,
  zonedInstant,
} from './zoned-time.ts';

// The expected instants are the published rules of each zone, written out here, so the helpers
// (which ask Intl) are checked against something other than Intl.
describe('zonedInstant', () => {
  it('London in spring: 00:30 is GMT, 01:00–01:59 do not exist, 02:00 is BST', () => {
    expect(zonedInstant('2026-03-29', 30, 'Europe/London')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(zonedInstant('2026-03-29', 60, 'Europe/London')).toBeNull();
    expect(zonedInstant('2026-03-29', 119, 'Europe/London')).toBeNull();
    expect(zonedInstant('2026-03-29', 120, 'Europe/London')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('London in autumn: 01:30 happens twice; the earlier (BST) is chosen', () => {
    expect(zonedInstant('2026-10-25', 90, 'Europe/London')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-10-25', 120, 'Europe/London')?.toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('zones on the quarter and half hour, and south of the equator', () => {
    expect(zonedInstant('2026-06-01', 9 * 60, 'Asia/Kathmandu')?.toISOString()).toBe(
      '2026-06-01T03:15:00.000Z',
    );
    expect(zonedInstant('2026-06-01', 9 * 60, 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-06-01T03:30:00.000Z',
    );
    // Sydney goes forward at 02:00 AEST on the first Sunday of October.
    expect(zonedInstant('2026-10-04', 150, 'Australia/Sydney')).toBeNull();
    expect(zonedInstant('2026-10-04', 180, 'Australia/Sydney')?.toISOString()).toBe(
      '2026-10-03T16:00:00.000Z',
    );
    expect(zonedInstant('2026-07-01', 1440, 'America/New_York')?.toISOString()).toBe(
      '2026-07-02T04:00:00.000Z',
    );
  });

  it('startOfLocalDay and localDate agree', () => {
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(localDate(new Date('2026-03-08T04:59:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(wallTime(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toMatchObject({
      hour: 1,
      minute: 30,
    });
  });
});

describe('dates and zones', () => {
  it('checks dates and zone names', () => {
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2027-02-29')).toBe(false);
    expect(isDate('2027-1-01')).toBe(false);
    expect(isTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('counts days and weekdays', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(weekday('2026-03-29')).toBe(7);
    expect(weekday('2026-03-30')).toBe(1);
  });
});
