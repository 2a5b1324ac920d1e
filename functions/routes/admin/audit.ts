import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { and, count, desc, eq, or } from 'drizzle-orm';
import type { AppEnv } from '../../lib/app-env.ts';
import { validate } from '../../lib/validate.ts';
import { auditLog, staff } from '../../../db/schema/index.ts';
import { idParam, listQuery, type AuditRow } from '../../../schemas/admin.ts';
import type { Wire } from '../../../schemas/responses.ts';
import { adminOnly, contains, searchNeedle, listResponse, window } from './shared.ts';

const columns = {
  id: auditLog.id, createdAt: auditLog.createdAt, staffId: auditLog.staffId, staffName: staff.name, staffEmail: staff.email,
  action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId, before: auditLog.before, after: auditLog.after,
};

/** The audit log (who, what, when, before/after), admins only. ?type filters by entity, ?q searches. */
export const adminAudit = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const p = query.q ? searchNeedle(query.q) : undefined;
    const where = and(
      query.type ? eq(auditLog.entity, query.type) : undefined,
      query.status ? eq(auditLog.action, query.status) : undefined,
      p ? or(contains(auditLog.action, p), contains(auditLog.entity, p), contains(auditLog.entityId, p), contains(staff.name, p), contains(staff.email, p)) : undefined,
    );
    const { limit, offset } = window(query);
    const [items, [total]] = await Promise.all([
      c.var.db.select(columns).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.staffId)).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit).offset(offset),
      c.var.db.select({ n: count() }).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.staffId)).where(where),
    ]);
    return listResponse(c, query, { items: items satisfies Wire<AuditRow>[], total: total?.n ?? 0 }, {
      filename: 'audit-log',
      columns: [
        { key: 'createdAt', header: 'When' }, { key: 'staffName', header: 'Who' }, { key: 'staffEmail', header: 'Email' }, { key: 'action', header: 'Action' },
        { key: 'entity', header: 'Entity' }, { key: 'entityId', header: 'Id' }, { key: 'before', header: 'Before' }, { key: 'after', header: 'After' },
      ],
    });
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const [row] = await c.var.db.select(columns).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.staffId)).where(eq(auditLog.id, c.req.valid('param').id));
    if (!row) throw new HTTPException(404, { message: 'Audit entry not found' });
    return c.json(row);
  });
