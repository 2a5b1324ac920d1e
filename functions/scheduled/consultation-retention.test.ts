import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import { db } from '#functions/test/fixtures/index.ts';
import { RETENTION } from '#schemas/retention.ts';
import { CRONS, runScheduled } from './index.ts';
import { aCounsellor, anOffice } from '../routes/consultations/consultations.test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('consultation retention (scheduled job in workerd)', () => {
  it('deletes meetings past their keeping, cancelled ones sooner, and keeps the rest', async () => {
    const office = await anOffice('Europe/London');
    const counsellor = await aCounsellor(office);
    const now = Date.now();
    const meeting = async (endedDaysAgo: number, status: 'booked' | 'held' | 'cancelled' | 'no_show') => {
      const id = crypto.randomUUID();
      const end = now - endedDaysAgo * DAY;
      await db.insert(t.consultations).values({
        id,
        counsellorId: counsellor,
        officeId: office,
        mode: 'video',
        topic: 'study',
        startAt: new Date(end - 30 * 60_000),
        endAt: new Date(end),
        status,
        name: 'Kept Or Not',
        email: `retention-${id.slice(0, 8)}@example.com`,
        phone: '+44 20 7946 0000',
        timeZone: 'Europe/London',
        notes: 'Staff notes go with the meeting.',
      });
      return id;
    };
    const oldHeld = await meeting(RETENTION.consultationDays + 1, 'held');
    const oldMissed = await meeting(RETENTION.consultationDays + 30, 'no_show');
    const recentHeld = await meeting(RETENTION.consultationDays - 1, 'held');
    const oldCancelled = await meeting(RETENTION.cancelledConsultationDays + 1, 'cancelled');
    const recentCancelled = await meeting(RETENTION.cancelledConsultationDays - 1, 'cancelled');
    const upcoming = await meeting(-3, 'booked');
    const ids = [oldHeld, oldMissed, recentHeld, oldCancelled, recentCancelled, upcoming];

    const results = await runScheduled(CRONS['consultation-retention'], env, new Date(now));
    expect((results['consultation-retention'] as { deleted: number }).deleted).toBeGreaterThanOrEqual(3);
    const left = await db
      .select({ id: t.consultations.id })
      .from(t.consultations)
      .where(inArray(t.consultations.id, ids));
    expect(left.map((r) => r.id).sort()).toEqual([recentHeld, recentCancelled, upcoming].sort());

    // A second run finds nothing more of these.
    await runScheduled(CRONS['consultation-retention'], env, new Date(now));
    expect(
      await db.select({ id: t.consultations.id }).from(t.consultations).where(eq(t.consultations.id, upcoming)),
    ).toHaveLength(1);
  });
});
