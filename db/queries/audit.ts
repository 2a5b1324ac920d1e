import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { auditLog, staff } from '../schema/index.ts';
import { contains } from './text-search.ts';

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  staffId: auditLog.staffId,
  staffName: staff.name,
  staffEmail: staff.email,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
};

/** A page of the audit log, newest first, with who did it: by entity, by action, by a search needle. */
export async function listAudit(
  db: Db,
  filter: { entity?: string | undefined; action?: string | undefined; needle?: string | undefined },
  page: { limit: number; offset: number },
) {
  const p = filter.needle;
  const where = and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    p
      ? or(
          contains(auditLog.action, p),
          contains(auditLog.entity, p),
          contains(auditLog.entityId, p),
          contains(staff.name, p),
          contains(staff.email, p),
        )
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.staffId)).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** One audit entry with who did it, or undefined. */
export async function findAuditEntry(db: Db, id: string) {
  const [row] = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(eq(auditLog.id, id));
  return row;
}
