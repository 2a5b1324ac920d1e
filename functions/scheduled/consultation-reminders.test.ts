import { describe, expect, it, vi } from 'vitest';
import { createScheduledController, env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import { db, postJson } from '#functions/test/fixtures/index.ts';
import { formatInZone } from '#schemas/zoned-time.ts';
import worker from '../index.ts';
import { CRONS } from './index.ts';
import { RunBudget } from '../lib/call-budget.ts';
import { sendReminders } from '../services/consultations/reminders.ts';
import {
  aCounsellor,
  anOffice,
  booking,
  mailsTo,
} from '../routes/consultations/consultations.test-helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The scheduled handler as Cron Triggers call it, at a time of the test's choosing. */
async function fire(at: number) {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await worker.scheduled(
    createScheduledController({ cron: CRONS['consultation-reminders'], scheduledTime: at }),
    env,
  );
  vi.restoreAllMocks();
}

let counter = 0;
/** A meeting written straight in, starting at `start`. */
async function meeting(start: number, extra: Partial<typeof t.consultations.$inferInsert> = {}) {
  const office = await anOffice('Europe/London');
  const counsellor = await aCounsellor(office);
  const id = crypto.randomUUID();
  const email = `reminded-${++counter}-${id.slice(0, 6)}@example.com`;
  await db.insert(t.consultations).values({
    id,
    counsellorId: counsellor,
    officeId: office,
    mode: 'video',
    topic: 'study',
    startAt: new Date(start),
    endAt: new Date(start + 30 * MINUTE),
    name: 'Reminded Person',
    email,
    phone: '+44 20 7946 0000',
    timeZone: 'America/New_York',
    ...extra,
  });
  return { id, email };
}

const reminders = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.subject.startsWith('Reminder'));

describe('consultation reminders (scheduled handler in workerd)', () => {
  it('sends the 24 h and the 1 h reminder once each, in the person’s zone, without an invitation', async () => {
    const now = Date.now() + 10 * 24 * HOUR;
    const start = now + 24 * HOUR - 2 * MINUTE;
    const m = await meeting(start);
    await fire(now);
    await fire(now + 5 * MINUTE);
    let sent = await reminders(m.email);
    expect(sent.map((s) => s.subject)).toEqual([
      `Reminder: your consultation is tomorrow: ${formatInZone(start, 'America/New_York')}`,
    ]);
    expect(sent[0]!.text).toContain(formatInZone(start, 'America/New_York'));
    expect(sent[0]!.attachments).toEqual([]);
    // An hour before: the second reminder, once.
    await fire(start - 59 * MINUTE);
    await fire(start - 54 * MINUTE);
    sent = await reminders(m.email);
    expect(sent.map((s) => s.subject.split(':')[1]!.trim())).toEqual([
      'your consultation is tomorrow',
      'your consultation starts in an hour',
    ]);
  });

  it('two runs at once send one reminder', async () => {
    const now = Date.now() + 11 * 24 * HOUR;
    const m = await meeting(now + 50 * MINUTE);
    await Promise.all([
      sendReminders(db, env, new Date(now)),
      sendReminders(db, env, new Date(now)),
      sendReminders(db, env, new Date(now)),
    ]);
    expect(await reminders(m.email)).toHaveLength(1);
  });

  it('never for a cancelled meeting, never early, and never late', async () => {
    const now = Date.now() + 12 * 24 * HOUR;
    const cancelled = await meeting(now + 24 * HOUR - MINUTE, { status: 'cancelled' });
    const early = await meeting(now + 24 * HOUR + 10 * MINUTE);
    // Its 24 h moment passed 90 minutes ago (the runs then were missed): too late for that one; an
    // hour before, the 1 h reminder goes as usual.
    const missed = await meeting(now + 22.5 * HOUR);
    await fire(now);
    expect(await reminders(cancelled.email)).toEqual([]);
    expect(await reminders(early.email)).toEqual([]);
    expect(await reminders(missed.email)).toEqual([]);
    await fire(now + 22.5 * HOUR - 55 * MINUTE);
    expect((await reminders(missed.email)).map((s) => s.subject)).toEqual([
      expect.stringMatching(/starts in an hour/),
    ]);
    // 20 minutes before the start, a 1 h reminder not yet sent is late: nothing.
    const lateOne = await meeting(now + 20 * MINUTE);
    await fire(now);
    expect(await reminders(lateOne.email)).toEqual([]);
  });

  it('a moved meeting gets the reminders of its new time', async () => {
    const office = await anOffice('Europe/London');
    await aCounsellor(office, { minNoticeMinutes: 0 });
    const day = new Date(Date.now() + 5 * 24 * HOUR).toISOString().slice(0, 10);
    const first = `${day}T10:00:00.000Z`;
    const later = `${day}T14:00:00.000Z`;
    const body = booking(first, { office, timeZone: 'Europe/London' });
    const booked = await postJson('/api/consultations', body);
    expect(booked.status).toBe(201);
    const { consultation, manageUrl } = await booked.json<{
      consultation: { id: string };
      manageUrl: string;
    }>();
    await fire(Date.parse(first) - 24 * HOUR + MINUTE);
    expect(await reminders(body.email)).toHaveLength(1);
    const token = new URL(manageUrl, 'http://x').searchParams.get('t')!;
    const moved = await postJson(`/api/consultations/${consultation.id}/reschedule`, {
      t: token,
      start: later,
    });
    expect(moved.status).toBe(200);
    const [row] = await db.select().from(t.consultations).where(eq(t.consultations.id, consultation.id));
    expect(row!.reminded24hAt).toBeNull();
    await fire(Date.parse(later) - 24 * HOUR + MINUTE);
    const sent = await reminders(body.email);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text).toContain(formatInZone(Date.parse(later), 'Europe/London'));
  });

  it('stops within its budget and leaves the rest to the next run', async () => {
    const now = Date.now() + 14 * 24 * HOUR;
    const many = await Promise.all([1, 2, 3].map((i) => meeting(now + 50 * MINUTE + i * MINUTE)));
    // The claim and the brand, and room for two reminders only.
    const counts = await sendReminders(db, env, new Date(now), {
      budget: new RunBudget({ queries: 2 + 2 * 4, subrequests: 100 }),
    });
    expect(counts.sent).toBe(2);
    const counted = await Promise.all(many.map(async (m) => (await reminders(m.email)).length));
    expect(counted.sort()).toEqual([0, 1, 1]);
    await sendReminders(db, env, new Date(now + 5 * MINUTE));
    expect(await Promise.all(many.map(async (m) => (await reminders(m.email)).length))).toEqual([1, 1, 1]);
  });
});
