import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { findAuditEntry, listAudit } from '#db/queries/audit.ts';
import { idParam, listQuery, type AuditRow } from '#schemas/admin.ts';
import type { Wire } from '#schemas/responses.ts';
import { adminOnly, searchNeedle, listResponse, window } from './shared.ts';

/** The audit log (who, what, when, before/after), admins only. ?type filters by entity, ?q searches. */
export const adminAudit = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const needle = query.q ? searchNeedle(query.q) : undefined;
    const result = await listAudit(
      c.var.db,
      { entity: query.type, action: query.status, needle },
      window(query),
    );
    return listResponse(
      c,
      query,
      { items: result.items satisfies Wire<AuditRow>[], total: result.total },
      {
        filename: 'audit-log',
        columns: [
          { key: 'createdAt', header: 'When' },
          { key: 'staffName', header: 'Who' },
          { key: 'staffEmail', header: 'Email' },
          { key: 'action', header: 'Action' },
          { key: 'entity', header: 'Entity' },
          { key: 'entityId', header: 'Id' },
          { key: 'before', header: 'Before' },
          { key: 'after', header: 'After' },
        ],
      },
    );
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const row = await findAuditEntry(c.var.db, c.req.valid('param').id);
    if (!row) throw new HTTPException(404, { message: 'Audit entry not found' });
    return c.json(row);
  });
