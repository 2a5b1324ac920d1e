// The history's back-fill (migration 0021's statements after the table is rebuilt) over items stored
// before the history existed: each item gains its entry at its created time (exact), the stages of
// its pipeline's path up to its status at its updated time (marked approximate), and its cohort time.
import { env } from 'cloudflare:test';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import type { HistoryEntity } from '#schemas/pipelines.ts';
import { db, makeApplication, makeJobApplication } from '#functions/test/fixtures/index.ts';

/** The back-fill's statements, as the migration holds them (those that write the history after it is rebuilt). */
function backfillStatements() {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('_stage_history.sql'));
  if (!migration) throw new Error('no stage history migration');
  const queries = migration.queries.map((q) => q.trim());
  const from = queries.findIndex((q) => q.includes('UPDATE `status_changes` SET `person_id`'));
  return queries.slice(from);
}

const historyOf = (entity: HistoryEntity, id: string) =>
  db
    .select()
    .from(t.statusChanges)
    .where(and(eq(t.statusChanges.entity, entity), eq(t.statusChanges.entityId, id)))
    .orderBy(asc(t.statusChanges.createdAt));

describe('the history back-fill', () => {
  it('fills the path of items stored without history, marking the guessed times, and keeps recorded moves exact', async () => {
    const created = new Date('2025-01-10T10:00:00Z');
    const updated = new Date('2025-03-01T10:00:00Z');
    const offered = await makeApplication('offer');
    await db
      .update(t.programApplications)
      .set({ createdAt: created, updatedAt: updated })
      .where(eq(t.programApplications.id, offered.id));
    const job = await makeJobApplication('rejected');
    await db.delete(t.statusChanges);

    await env.DB.batch(backfillStatements().map((q) => env.DB.prepare(q)));

    const rows = await historyOf('subscription', offered.id);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.approximate])).toEqual([
      [null, 'submitted', false],
      ['submitted', 'in_review', true],
      ['in_review', 'offer', true],
    ]);
    expect(rows[0]!.createdAt).toEqual(created);
    expect(rows[1]!.createdAt.getTime() - updated.getTime()).toBe(1);
    expect(rows.map((r) => r.ownerId)).toEqual(rows.map(() => offered.userId));
    const [student] = await db.select().from(t.users).where(eq(t.users.id, offered.userId));
    expect(rows.map((r) => r.cohortAt)).toEqual(rows.map(() => student!.createdAt));

    const jobRows = await historyOf('job_application', job.id);
    expect(jobRows.map((r) => r.toStatus).sort()).toEqual(['forwarded', 'received', 'rejected']);
    expect(jobRows.find((r) => r.toStatus === 'rejected')!.approximate).toBe(true);
  });
});
