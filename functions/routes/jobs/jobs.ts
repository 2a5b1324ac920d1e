import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import { publicCache } from '#functions/middleware/cache.ts';
import { findApplicant, hasApplied, insertJobApplication } from '#db/queries/applicants.ts';
import { getJob } from '#db/queries/jobs.ts';
import { coverLetterSchema, type ApplyResponse, type JobDetail } from '#schemas/recruitment.ts';
import { checkUpload, storeFile } from '#functions/services/files/files.ts';
import { uploadBodyLimit } from '#functions/middleware/body-limit.ts';
import {
  confirmationSettings,
  forwardApplication,
  forwardHeldApplications,
  remindToConfirm,
} from '#functions/services/recruitment/applicant-confirmation.ts';
import { afterResponse } from '#functions/lib/after-response.ts';
import { config } from '#functions/lib/config.ts';
import { isUniqueViolation } from '#functions/services/db-errors.ts';

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
    return c.json(job satisfies JobDetail);
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
      if (await hasApplied(db, jobId, applicantId))
        throw new HTTPException(409, { message: DUPLICATE_MESSAGE });

      const file = await checkUpload(resume, ['pdf', 'doc', 'docx'], RESUME_TYPE_MESSAGE);
      const applicant = await findApplicant(db, applicantId);
      if (!applicant)
        throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
      // An applicant who has not confirmed their e-mail yet: the application is kept but held,
      // not passed on to the employer until they confirm (issue 13 item 12).
      const confirmed = applicant.emailConfirmedAt !== null;
      const key = await storeFile(c.env.FILES, `resumes/${jobId}`, file);
      const id = crypto.randomUUID();
      const createdAt = new Date();
      try {
        await insertJobApplication(db, {
          id,
          jobId,
          applicantId,
          coverLetter,
          resumeKey: key,
          resumeName: file.name,
          resumeType: file.contentType,
          resumeSize: file.size,
          forwardedAt: confirmed ? createdAt : null,
          createdAt,
        });
      } catch (error) {
        await c.env.FILES.delete(key);
        // Two submissions racing: the unique index on (job, applicant) decides.
        if (isUniqueViolation(error)) throw new HTTPException(409, { message: DUPLICATE_MESSAGE });
        throw error;
      }

      const mailer = c.var.mailer;
      const { siteUrl } = config(c.env);
      let held = !confirmed;
      if (confirmed) {
        // Passed on at once, and confirmed to the applicant (issue 29 item 4).
        const job = (await getJob(db, jobId))!;
        await forwardApplication(db, mailer, siteUrl, applicant, {
          ...job,
          id,
          createdAt,
          resumeName: file.name,
          resumeSize: file.size,
        });
      } else {
        // The confirmation may have landed while this was stored: forwarding is idempotent, so
        // look again rather than leave the application held for good.
        const now = await findApplicant(db, applicantId);
        if (now?.emailConfirmedAt) {
          await forwardHeldApplications(db, mailer, siteUrl, now);
          held = false;
        } else if (now) {
          // The confirmation e-mail again, naming this job too (after the answer: issue 30 item 2).
          const mail = afterResponse(c, remindToConfirm(db, mailer, confirmationSettings(c.env), now));
          if (mail) await mail;
        }
      }

      const body: ApplyResponse = {
        success: true,
        message: 'Application submitted successfully',
        applicationId: id,
        fileDetails: { originalname: file.name, mimetype: file.contentType, size: file.size },
        held,
      };
      return c.json(body satisfies ApplyResponse, 201);
    },
  );
