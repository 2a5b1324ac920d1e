import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { and, count, desc, eq, or } from 'drizzle-orm';
import type { AppEnv } from '../../lib/app-env.ts';
import { validate } from '../../lib/validate.ts';
import { jobApplicants, jobApplications, jobs } from '../../../db/schema/index.ts';
import { idParam, listQuery, statusChangeSchema, type JobApplicationRow, type PipelineDetailResponse } from '../../../schemas/admin.ts';
import type { Wire } from '../../../schemas/responses.ts';
import { downloadResponse } from '../../services/files.ts';
import { writeAudit } from '../../services/audit.ts';
import { statusHistory, transitions } from '../../services/status.ts';
import { applicationIsConfirmed } from '../../../db/queries/applicants.ts';
import { adminOnly, contains, searchNeedle, listResponse, window } from './shared.ts';
import { checkStatusFilter, moveStatus } from './pipeline.ts';

const columns = {
  id: jobApplications.id, status: jobApplications.status, createdAt: jobApplications.createdAt, jobId: jobApplications.jobId,
  jobTitle: jobs.title, company: jobs.company, applicantId: jobApplicants.id, applicantName: jobApplicants.fullName,
  applicantEmail: jobApplicants.email, applicantPhone: jobApplicants.phone, resumeName: jobApplications.resumeName, resumeSize: jobApplications.resumeSize,
  emailConfirmedAt: jobApplicants.emailConfirmedAt, forwardedAt: jobApplications.forwardedAt,
};

/** Each row says whether its applicant confirmed their e-mail (staff see "E-mail not confirmed"). */
const withConfirmation = <T extends { emailConfirmedAt: Date | null }>(row: T) => ({ ...row, emailConfirmed: row.emailConfirmedAt !== null });

/** Moves that put the application in front of the employer: only once the e-mail is confirmed. */
const FORWARDING_STATUSES: readonly string[] = ['shortlisted', 'interview', 'offer'];
const base = (db: AppEnv['Variables']['db']) =>
  db.select(columns).from(jobApplications)
    .innerJoin(jobApplicants, eq(jobApplicants.id, jobApplications.applicantId))
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId));

/** Job applications: received → shortlisted → interview → offer, or rejected; CVs for staff only. */
export const adminJobApplications = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const status = checkStatusFilter('job_application', query.status);
    const p = query.q ? searchNeedle(query.q) : undefined;
    const where = and(
      status ? eq(jobApplications.status, status as never) : undefined,
      p ? or(contains(jobApplicants.fullName, p), contains(jobApplicants.email, p), contains(jobs.title, p), contains(jobs.company, p)) : undefined,
    );
    const { limit, offset } = window(query);
    const [rows, [total]] = await Promise.all([
      base(c.var.db).where(where).orderBy(desc(jobApplications.createdAt)).limit(limit).offset(offset),
      c.var.db.select({ n: count() }).from(jobApplications).innerJoin(jobApplicants, eq(jobApplicants.id, jobApplications.applicantId)).leftJoin(jobs, eq(jobs.id, jobApplications.jobId)).where(where),
    ]);
    const items = rows.map(withConfirmation);
    return listResponse(c, query, { items: items satisfies Wire<JobApplicationRow>[], total: total?.n ?? 0 }, {
      filename: 'job-applications',
      columns: [
        { key: 'createdAt', header: 'Applied' }, { key: 'applicantName', header: 'Applicant' }, { key: 'applicantEmail', header: 'Email' },
        { key: 'emailConfirmed', header: 'Email confirmed' },
        { key: 'applicantPhone', header: 'Phone' }, { key: 'jobTitle', header: 'Job' }, { key: 'company', header: 'Company' }, { key: 'status', header: 'Status' },
      ],
    });
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const [item] = await c.var.db.select({ ...columns, coverLetter: jobApplications.coverLetter }).from(jobApplications)
      .innerJoin(jobApplicants, eq(jobApplicants.id, jobApplications.applicantId))
      .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(eq(jobApplications.id, id));
    if (!item) throw new HTTPException(404, { message: 'Application not found' });
    c.header('Cache-Control', 'private, no-store');
    return c.json({ item: withConfirmation(item), history: await statusHistory(c.var.db, 'job_application', id), next: transitions.job_application[item.status] ?? [] } satisfies Wire<PipelineDetailResponse>);
  })
  .get('/:id/cv', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.var.db.select({ key: jobApplications.resumeKey, name: jobApplications.resumeName }).from(jobApplications).where(eq(jobApplications.id, id));
    if (!row) throw new HTTPException(404, { message: 'Application not found' });
    const res = await downloadResponse(c.env.FILES, row.key, row.name);
    await writeAudit(c.var.db, { staffId: c.var.auth.sub, action: 'job_application.cv_download', entity: 'job_application', entityId: id });
    return res;
  })
  .post('/:id/status', validate('param', idParam), validate('json', statusChangeSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    if (FORWARDING_STATUSES.includes(body.status) && (await applicationIsConfirmed(c.var.db, id)) === false) {
      throw new HTTPException(409, { message: 'The applicant has not confirmed their e-mail address yet, so the application cannot go to the employer. It can still be rejected.' });
    }
    return moveStatus(c, 'job_application', id, body);
  });
