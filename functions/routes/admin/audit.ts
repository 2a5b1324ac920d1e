import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { auditSubjects, findAuditEntry, listAudit } from '#db/queries/audit.ts';
import type { Db } from '#db/client.ts';
import { describeAudit, type AuditFacts } from '#schemas/audit-text.ts';
import { idParam, listQuery, type AuditRow } from '#schemas/admin/index.ts';
import type { Wire } from '#schemas/responses.ts';
import { adminOnly, searchNeedle, listResponse, window } from './shared.ts';

/** Each entry with its sentence: what happened, in words, with the names of what it was about. */
async function withSummaries<T extends AuditFacts>(db: Db, rows: T[]) {
  const subjectOf = await auditSubjects(db, rows);
  return rows.map((r) => ({
    ...r,
    summary: describeAudit({ ...r, subject: subjectOf(r.entity, r.entityId) }),
  }));
}

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
    const items = await withSummaries(c.var.db, result.items);
    return listResponse(
      c,
      query,
      { items: items satisfies Wire<AuditRow>[], total: result.total },
      {
        filename: 'audit-log',
        columns: [
          { key: 'createdAt', header: 'When' },
          { key: 'staffName', header: 'Who' },
          { key: 'staffEmail', header: 'Email' },
          { key: 'summary', header: 'What happened' },
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
    const [item] = await withSummaries(c.var.db, [row]);
    return c.json(item! satisfies Wire<AuditRow>);
  });
