import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  findApplicationDocument,
  findApplicationForStaff,
  listApplicationsForStaff,
} from '#db/queries/applications.ts';
import {
  documentParam,
  idParam,
  listQuery,
  statusChangeSchema,
  type ApplicationDetailResponse,
  type ApplicationRow,
} from '#schemas/admin/index.ts';
import type { Wire } from '#schemas/responses.ts';
import { statusHistory } from '#db/queries/statuses.ts';
import { transitions } from '#functions/services/recruitment/status.ts';
import { adminOnly, auditedDownload, searchNeedle, listResponse, window } from './shared.ts';
import { checkStatusFilter, moveStatus } from './pipeline.ts';

/** Program applications: submitted → in review → offer → enrolled, or declined. */
export const adminApplications = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const status = checkStatusFilter('subscription', query.status);
    const needle = query.q ? searchNeedle(query.q) : undefined;
    const { items, total } = await listApplicationsForStaff(c.var.db, { status, needle }, window(query));
    return listResponse(
      c,
      query,
      { items: items satisfies Wire<ApplicationRow>[], total },
      {
        filename: 'applications',
        columns: [
          { key: 'createdAt', header: 'Applied' },
          { key: 'studentName', header: 'Student' },
          { key: 'studentEmail', header: 'Email' },
          { key: 'subjectName', header: 'Program' },
          { key: 'universityName', header: 'University' },
          { key: 'intake', header: 'Intake' },
          { key: 'status', header: 'Status' },
        ],
      },
    );
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const found = await findApplicationForStaff(c.var.db, id);
    if (!found) throw new HTTPException(404, { message: 'Application not found' });
    const { item, student, documents } = found;
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      item,
      student,
      documents,
      history: await statusHistory(c.var.db, 'subscription', id),
      next: transitions.subscription[item.status] ?? [],
    } satisfies Wire<ApplicationDetailResponse>);
  })
  // The student's documents, opened by staff from the application: admins only,
  // like the CVs of job applications, and only a document of this application's student; audited.
  .get('/:id/documents/:documentId', validate('param', documentParam), async (c) => {
    const { id, documentId } = c.req.valid('param');
    const row = await findApplicationDocument(c.var.db, id, documentId);
    if (!row) throw new HTTPException(404, { message: 'Document not found' });
    return auditedDownload(
      c,
      { key: row.objectKey, name: row.originalName },
      {
        action: 'subscription.document_download',
        entity: 'subscription',
        entityId: id,
        after: { documentId },
      },
    );
  })
  .post('/:id/status', validate('param', idParam), validate('json', statusChangeSchema), async (c) =>
    moveStatus(c, 'subscription', c.req.valid('param').id, c.req.valid('json')),
  );
