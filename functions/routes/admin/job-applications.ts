import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  idParam,
  listQuery,
  statusChangeSchema,
  type JobApplicationRow,
  type PipelineDetailResponse,
} from '#schemas/admin/index.ts';
import type { Wire } from '#schemas/responses.ts';
import { statusHistory } from '#db/queries/statuses.ts';
import { transitions } from '#functions/services/recruitment/status.ts';
import { jobApplicationForwardingStatuses } from '#schemas/pipelines.ts';
import {
  applicationIsConfirmed,
  findJobApplicationForStaff,
  findResume,
  listJobApplicationsForStaff,
} from '#db/queries/applicants.ts';
import { adminOnly, auditedDownload, searchNeedle, listResponse, window } from './shared.ts';
import { checkStatusFilter, moveStatus } from './pipeline.ts';

/** Each row says whether its applicant confirmed their e-mail (staff see "E-mail not confirmed"). */
const withConfirmation = <T extends { emailConfirmedAt: Date | null }>(row: T) => ({
  ...row,
  emailConfirmed: row.emailConfirmedAt !== null,
});

/** Job applications: received → shortlisted → interview → offer, or rejected; CVs for staff only. */
export const adminJobApplications = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const status = checkStatusFilter('job_application', query.status);
    const needle = query.q ? searchNeedle(query.q) : undefined;
    const { items: rows, total } = await listJobApplicationsForStaff(
      c.var.db,
      { status, needle },
      window(query),
    );
    const items = rows.map(withConfirmation);
    return listResponse(
      c,
      query,
      { items: items satisfies Wire<JobApplicationRow>[], total },
      {
        filename: 'job-applications',
        columns: [
          { key: 'createdAt', header: 'Applied' },
          { key: 'applicantName', header: 'Applicant' },
          { key: 'applicantEmail', header: 'Email' },
          { key: 'emailConfirmed', header: 'Email confirmed' },
          { key: 'applicantPhone', header: 'Phone' },
          { key: 'jobTitle', header: 'Job' },
          { key: 'company', header: 'Company' },
          { key: 'status', header: 'Status' },
        ],
      },
    );
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const item = await findJobApplicationForStaff(c.var.db, id);
    if (!item) throw new HTTPException(404, { message: 'Application not found' });
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      item: withConfirmation(item),
      history: await statusHistory(c.var.db, 'job_application', id),
      next: transitions.job_application[item.status] ?? [],
    } satisfies Wire<PipelineDetailResponse>);
  })
  .get('/:id/cv', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const row = await findResume(c.var.db, id);
    if (!row) throw new HTTPException(404, { message: 'Application not found' });
    return auditedDownload(c, row, {
      action: 'job_application.cv_download',
      entity: 'job_application',
      entityId: id,
    });
  })
  .post('/:id/status', validate('param', idParam), validate('json', statusChangeSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    // Moves that put the application in front of the employer: only once the e-mail is confirmed.
    const forwards = jobApplicationForwardingStatuses.some((s) => s === body.status);
    if (forwards && (await applicationIsConfirmed(c.var.db, id)) === false) {
      throw new HTTPException(409, {
        message:
          'The applicant has not confirmed their e-mail address yet, so the application cannot go to the employer. It can still be rejected.',
      });
    }
    return moveStatus(c, 'job_application', id, body);
  });
