import type { Db } from '#db/client.ts';
import { auditLog } from '#db/schema/index.ts';

export interface AuditEntry {
  staffId: string | null;
  /** What was done, dotted: 'content.update', 'subscription.status', 'staff.create' ... */
  action: string;
  /** The kind of thing acted on: 'subjects', 'subscription', 'staff' ... */
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * The insert for one audit entry, not yet run: callers put it in the same `db.batch` as the change
 * it records, so the change and its record land together or not at all.
 */
export function auditInsert(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values({
    id: crypto.randomUUID(),
    staffId: entry.staffId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Records one staff action on its own (when nothing else changes with it). */
export async function writeAudit(db: Db, entry: AuditEntry) {
  await auditInsert(db, entry);
}
