import { sql, type SQL } from 'drizzle-orm';
import type { HistoryActor, HistoryEntity } from '#schemas/pipelines.ts';

// The writes of the one history of stage changes (table status_changes). Every statement here is
// meant to run in the same D1 batch as the change it records, so the history never holds a move
// that did not happen nor misses one that did. The reads are the timelines (db/queries/timelines.ts,
// statuses.ts) and insight (db/queries/insight.ts).

/** One move, as the history stores it. `from` null: the item entering its first stage. */
export interface Move {
  entity: HistoryEntity;
  entityId: string;
  /** The role account the item belongs to (status_changes.person_id). */
  ownerId?: string | null | undefined;
  from: string | null;
  to: string;
  actor: HistoryActor;
  staffId?: string | null | undefined;
  note?: string | null | undefined;
  at: number;
}

const columns = sql.raw(
  'id, entity, entity_id, person_id, from_status, to_status, actor, staff_id, note, approximate, cohort_at, created_at, updated_at',
);

/** Where each entity's item (and so its entry time) is stored. */
const itemTables: Record<HistoryEntity, string> = {
  subscription: 'subscriptions',
  partner: 'partners',
  partner_request: 'partner_requests',
  job_application: 'job_applications',
  student: 'users',
  contact_message: 'contact_messages',
  assistance_request: 'assistance_requests',
  consultation: 'consultations',
};

/**
 * When a row's unit entered its funnel (status_changes.cohort_at), read as the row is written: a
 * student's registration for their applications (the students' funnel follows people), the item's
 * own creation for everything else. A statement batched after the item's insert sees it.
 */
export function cohortAtOf(entity: HistoryEntity, entityId: SQL, ownerId: SQL): SQL {
  return entity === 'subscription'
    ? sql`(select created_at from users where id = ${ownerId})`
    : sql`(select created_at from ${sql.raw(itemTables[entity])} where id = ${entityId})`;
}

/** The row's values as a select list (so the insert can carry a `where`). */
function values(m: Move) {
  const cohortAt = cohortAtOf(m.entity, sql`${m.entityId}`, sql`${m.ownerId ?? null}`);
  return sql`${crypto.randomUUID()}, ${m.entity}, ${m.entityId}, ${m.ownerId ?? null}, ${m.from}, ${m.to}, ${m.actor}, ${m.staffId ?? null}, ${m.note || null}, 0, ${cohortAt}, ${m.at}, ${m.at}`;
}

/**
 * The history row of a move, written only if the statement before it in the batch changed a row
 * (SQLite's changes()): a conditional update or an insert that did nothing leaves no history.
 */
export function moveIfChanged(m: Move): SQL {
  return sql`insert into status_changes (${columns}) select ${values(m)} where changes() > 0`;
}

/** The history row of a move that happens unconditionally with the statement it is batched with. */
export function move(m: Move): SQL {
  return sql`insert into status_changes (${columns}) select ${values(m)}`;
}

/**
 * History rows for the items a condition picks in a table, each from its current status to `to`,
 * written BEFORE the update that moves them (so `from` is what they were) and only for those not
 * already there: for moves that are set by one update over several rows or whose prior status the
 * caller does not know (an inbox message marked read, a meeting marked held).
 */
export function movesOf(input: {
  entity: HistoryEntity;
  table: string;
  where: SQL;
  /** The column holding the item's current stage (null: the move is not a status, e.g. forwarded). */
  status: string | null;
  /** The table's column naming the item's owner (status_changes.person_id), or null. */
  owner: string | null;
  to: string;
  actor: HistoryActor;
  staffId?: string | null | undefined;
  at: number;
}): SQL {
  const from = input.status ? sql.raw(input.status) : sql`null`;
  const owner = input.owner ? sql.raw(input.owner) : sql`null`;
  const cohortAt = cohortAtOf(input.entity, sql.raw(`${input.table}.id`), owner);
  return sql`insert into status_changes (${columns})
    select lower(hex(randomblob(16))), ${input.entity}, id, ${owner}, ${from}, ${input.to}, ${input.actor},
      ${input.staffId ?? null}, null, 0, ${cohortAt}, ${input.at}, ${input.at}
    from ${sql.raw(input.table)} where ${input.where}${input.status ? sql` and ${sql.raw(input.status)} <> ${input.to}` : sql``}`;
}
