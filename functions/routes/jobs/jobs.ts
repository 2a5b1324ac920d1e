import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createMiddleware } from 'hono/factory';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../lib/app-env.ts';
import { validate } from '../../lib/validate.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { publicCache } from '../../middleware/cache.ts';
import { jobApplicants, jobApplications } from '../../../db/schema/index.ts';
import { getJob } from '../../../db/queries/jobs.ts';
import { coverLetterSchema, type ApplyResponse } from '../../../schemas/recruitment.ts';
import { checkUpload, storeFile } from '../../services/files.ts';
import { uploadBodyLimit } from '../../middleware/body-limit.ts';
import { createMailer } from '../../services/mailer.ts';
import { notifyStaff } from '../../services/notify.ts';
import { isUniqueViolation } from '../../services/db-errors.ts';

const idParam = z.object({ id: z.string().min(1).max(200) });

export const RESUME_TYPE_MESSAGE = 'Please upload your resume as a PDF, DOC or DOCX file';
export const DUPLICATE_MESSAGE = 'You have already applied to this job.';
export const CLOSED_MESSAGE = 'This job is closed and no longer accepts applications.';

const applyForm = z.object({
  resume: z.instanceof(File, { message: 'Resume is required' }),
  coverLetter: coverLetterSchema,
});

/** Refuses an unknown (404) or closed (410) job before the upload is read. */
const openJob = createMiddleware<AppEnv>(async (c, next) => {
  const job = await getJob(c.var.db, c.req.param('id') ?? '');
  if (!job) throw new HTTPException(404, { message: 'Job not found' });
  if (job.status !== 'open') throw new HTTPException(410, { message: CLOSED_MESSAGE });
  await next();
});

export const jobs = new Hono<AppEnv>()
  .get('/:id', publicCache, validate('param', idParam), async (c) => {
    const job = await getJob(c.var.db, c.req.valid('param').id);
    if (!job) throw new HTTPException(404, { message: 'Job not found' });
    return c.json(job);
  })
  .post(
    '/:id/apply',
    requireAuth('applicant', { header: 'x-applicant-token' }),
    validate('param', idParam),
    uploadBodyLimit,
    openJob,
    validate('form', applyForm),
    async (c) => {
      const { id: jobId } = c.req.valid('param');
      const { resume, coverLetter } = c.req.valid('form');
      const applicantId = c.var.auth.sub;
      const db = c.var.db;
      const [existing] = await db
        .select({ id: jobApplications.id })
        .from(jobApplications)
        .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.applicantId, applicantId)));
      if (existing) throw new HTTPException(409, { message: DUPLICATE_MESSAGE });

      const file = await checkUpload(resume, ['pdf', 'doc', 'docx'], RESUME_TYPE_MESSAGE);
      const key = await storeFile(c.env.FILES, `resumes/${jobId}`, file);
      const id = crypto.randomUUID();
      try {
        await db.insert(jobApplications).values({
          id, jobId, applicantId, coverLetter, resumeKey: key, resumeName: file.name, resumeType: file.contentType, resumeSize: file.size,
        });
      } catch (error) {
        await c.env.FILES.delete(key);
        // Two submissions racing: the unique index on (job, applicant) decides.
        if (isUniqueViolation(error)) throw new HTTPException(409, { message: DUPLICATE_MESSAGE });
        throw error;
      }

      const job = (await getJob(db, jobId))!;
      const [applicant] = await db.select({ fullName: jobApplicants.fullName, email: jobApplicants.email }).from(jobApplicants).where(eq(jobApplicants.id, applicantId));
      await notifyStaff(db, createMailer(db, c.env), `New application: ${job.title}`, [
        `${applicant?.fullName ?? 'An applicant'} (${applicant?.email ?? 'unknown e-mail'}) applied to ${job.title} at ${job.company}, ${job.location}.`,
        `Resume: ${file.name} (${Math.ceil(file.size / 1024)} KB).`,
      ]);

      const body: ApplyResponse = {
        success: true,
        message: 'Application submitted successfully',
        applicationId: id,
        fileDetails: { originalname: file.name, mimetype: file.contentType, size: file.size },
      };
      return c.json(body, 201);
    },
  );
