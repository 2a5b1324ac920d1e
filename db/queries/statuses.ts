import { and, eq, getTableName, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { staff, statusChanges } from '../schema/index.ts';
import type { Pipeline } from '#schemas/pipelines.ts';
import { pipelineRegistry } from './pipeline-registry.ts';

// The reads and writes of status changes; the moves allowed and the e-mails are
// functions/services/recruitment/status.ts, the item and whom it notifies come from
// itemsWithOwner (./pipeline-registry.ts).

/**
 * One batch (one transaction): the status moves only if it is still `from`, and the history row
 * and the audit entry are written only if it moved (SQLite's changes() of the previous statement),
 * so two staff members acting at once never leave a history of a change that did not happen.
 * Returns whether the status moved.
 */
export async function recordChange(
  db: Db,
  {
    pipeline,
    id,
    from,
    to,
    staffId,
    note,
  }: { pipeline: Pipeline; id: string; from: string; to: string; staffId: string; note?: string | undefined },
) {
  const now = Date.now();
  // The table and column the person's dashboard reads the status from.
  const table = getTableName(pipelineRegistry[pipeline].table);
  const column = pipelineRegistry[pipeline].status.name;
  // The account the item belongs to, for the history's owner column (the item's own id for a partner).
  const owner = pipelineRegistry[pipeline].owner.id.name;
  // When the item's unit entered its funnel (status_changes.cohort_at): the student's registration
  // for a program application, the item's own creation otherwise.
  const cohortAt =
    pipeline === 'subscription' ? `(select created_at from users where id = i.${owner})` : 'i.created_at';
  // Raw SQL (docs/decisions/013): the history and audit rows are `insert … select … where changes() > 0`,
  // written only if the conditional update before them moved the status (Drizzle has neither form).
  const d1 = db.$client;
  const [updated] = await d1.batch([
    d1
      .prepare(`update ${table} set ${column} = ?, updated_at = ? where id = ? and ${column} = ?`)
      .bind(to, now, id, from),
    d1
      .prepare(
        `insert into status_changes (id, entity, entity_id, person_id, from_status, to_status, actor, staff_id, note, cohort_at, created_at, updated_at)
      select ?, ?, ?, i.${owner}, ?, ?, 'staff', ?, ?, ${cohortAt}, ?, ? from ${table} i where i.id = ? and changes() > 0`,
      )
      .bind(crypto.randomUUID(), pipeline, id, from, to, staffId, note || null, now, now, id),
    d1
      .prepare(
        `insert into audit_log (id, staff_id, action, entity, entity_id, before, after, created_at, updated_at)
      select ?, ?, ?, ?, ?, ?, ?, ?, ? where changes() > 0`,
      )
      .bind(
        crypto.randomUUID(),
        staffId,
        `${pipeline}.status`,
        pipeline,
        id,
        JSON.stringify({ status: from }),
        JSON.stringify({ status: to, ...(note ? { note } : {}) }),
        now,
        now,
      ),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/** The recorded moves of one item between stages, oldest first (its entry, the row with no `from`, is its created date). */
export async function statusHistory(db: Db, pipeline: Pipeline, id: string) {
  return db
    .select({
      fromStatus: sql<string>`${statusChanges.fromStatus}`,
      toStatus: statusChanges.toStatus,
      note: statusChanges.note,
      createdAt: statusChanges.createdAt,
      staffName: staff.name,
    })
    .from(statusChanges)
    .leftJoin(staff, eq(staff.id, statusChanges.staffId))
    .where(
      and(
        eq(statusChanges.entity, pipeline),
        eq(statusChanges.entityId, id),
        isNotNull(statusChanges.fromStatus),
      ),
    )
    .orderBy(statusChanges.createdAt);
}
