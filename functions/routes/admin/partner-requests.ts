import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  findPartnerRequestForStaff,
  findPartnerRequestWithCompany,
  jobFromRequestStatements,
  listPartnerRequestsForStaff,
} from '#db/queries/partners.ts';
import {
  createJobSchema,
  idParam,
  listQuery,
  statusChangeSchema,
  type CreateJobResponse,
  type PartnerRequestRow,
  type PipelineDetailResponse,
} from '#schemas/admin/index.ts';
import type { Wire } from '#schemas/responses.ts';
import { jobSchema } from '#schemas/content.ts';
import { getSite } from '#db/queries/site-content.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { statusHistory } from '#db/queries/statuses.ts';
import { transitions } from '#functions/services/recruitment/status.ts';
import { adminOnly, searchNeedle, listResponse, window } from './shared.ts';
import { checkStatusFilter, moveStatus } from './pipeline.ts';
import { jobPath } from '#schemas/paths.ts';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'job';

/** A job from an approved hiring request's fields (spec 2: the hiring form), checked by the seed's job schema. */
function jobFromRequest(
  data: Record<string, unknown>,
  partner: { companyName: string; contactEmail: string },
  website: string | undefined,
  brand: string,
) {
  const company = text(data.companyName) || partner.companyName;
  const employment = text(data.employmentType) || 'full-time';
  const deadline = text(data.applicationDeadline);
  const today = new Date().toISOString().slice(0, 10);
  const inThreeMonths = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const skills = Array.isArray(data.skillsRequired)
    ? data.skillsRequired.map(text).filter(Boolean)
    : text(data.skillsRequired)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const positions = Number(data.numberOfPositions) || 1;
  const title = text(data.jobTitle);
  const candidate = {
    id: `${slugify(`${title} ${company}`)}-${crypto.randomUUID().slice(0, 6)}`,
    title,
    description: [text(data.jobDescription), text(data.jobResponsibilities)].filter(Boolean).join('\n\n'),
    category: text(data.department),
    company,
    location: text(data.location),
    address: text(data.location),
    startDate: today,
    endDate: /^\d{4}-\d{2}-\d{2}$/.test(deadline) ? deadline : inThreeMonths,
    recruitmentType: 'Direct hire',
    employment: [employment],
    schedule: employment,
    payment: text(data.salaryRange),
    hiring: `${positions} position${positions === 1 ? '' : 's'}`,
    urgent: false,
    tags: skills.slice(0, 10),
    type: employment,
    requirements: [
      text(data.requiredQualifications),
      text(data.requiredExperience),
      text(data.benefits) && `Benefits: ${text(data.benefits)}`,
    ].filter(Boolean),
    // No website given: none (a mailto: address is not a link content may carry, schemas/links.ts).
    companyInfo: {
      name: company,
      ...(website && { website }),
      about: `${company} is hiring through ${brand}.`,
    },
    status: 'open' as const,
  };
  return jobSchema.omit({ position: true }).safeParse(candidate);
}

/** Partners' admission and hiring requests: submitted → in review → approved or declined. */
export const adminPartnerRequests = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const status = checkStatusFilter('partner_request', query.status);
    const type = query.type === 'student' || query.type === 'employee' ? query.type : undefined;
    if (query.type && !type) throw new HTTPException(400, { message: 'type must be student or employee' });
    const needle = query.q ? searchNeedle(query.q) : undefined;
    const { items, total } = await listPartnerRequestsForStaff(
      c.var.db,
      { status, type, needle },
      window(query),
    );
    return listResponse(
      c,
      query,
      { items: items satisfies Wire<PartnerRequestRow>[], total },
      {
        filename: 'partner-requests',
        columns: [
          { key: 'createdAt', header: 'Submitted' },
          { key: 'type', header: 'Type' },
          { key: 'title', header: 'Title' },
          { key: 'companyName', header: 'Partner' },
          { key: 'partnerEmail', header: 'Email' },
          { key: 'status', header: 'Status' },
          { key: 'jobId', header: 'Job' },
        ],
      },
    );
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const item = await findPartnerRequestForStaff(c.var.db, id);
    if (!item) throw new HTTPException(404, { message: 'Request not found' });
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      item,
      history: await statusHistory(c.var.db, 'partner_request', id),
      next: transitions.partner_request[item.status] ?? [],
    } satisfies Wire<PipelineDetailResponse>);
  })
  .post('/:id/status', validate('param', idParam), validate('json', statusChangeSchema), async (c) =>
    moveStatus(c, 'partner_request', c.req.valid('param').id, c.req.valid('json')),
  )
  .post('/:id/create-job', validate('param', idParam), validate('json', createJobSchema), async (c) => {
    const { id } = c.req.valid('param');
    const row = await findPartnerRequestWithCompany(c.var.db, id);
    if (!row) throw new HTTPException(404, { message: 'Request not found' });
    const { request } = row;
    if (request.type !== 'employee')
      throw new HTTPException(409, { message: 'Only a hiring request can become a job.' });
    if (request.status !== 'approved')
      throw new HTTPException(409, { message: 'Approve the request before creating its job.' });
    if (request.jobId) throw new HTTPException(409, { message: 'This request already has a job.' });
    const parsed = jobFromRequest(
      request.data,
      row,
      c.req.valid('json').website,
      (await getSite(c.var.db)).companyName,
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new HTTPException(400, {
        message: `The request cannot become a job: ${issue.path.join('.')} ${issue.message}`,
      });
    }
    const job = parsed.data;
    await c.var.db.batch([
      ...(await jobFromRequestStatements(c.var.db, id, job)),
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'content.create',
        entity: 'jobs',
        entityId: job.id,
        after: job,
      }),
    ]);
    return c.json(
      {
        success: true,
        jobId: job.id,
        preview: `${config(c.env).siteUrl ?? ''}${jobPath(job.id)}`,
      } satisfies CreateJobResponse,
      201,
    );
  });
