import { Hono, type Context } from 'hono';
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
import { checkUpload, storeFile, type CheckedFile } from '#functions/services/files/files.ts';
import { insertVaultDocument, vaultDocument } from '#db/queries/vault.ts';
import { vaultOwnerOf } from '#functions/services/accounts/vault.ts';
import { NO_SUCH_DOCUMENT } from '#schemas/vault.ts';
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

const applyForm = z
  .object({
    resume: z.instanceof(File, { message: 'Resume is required' }).optional(),
    /** A document of the person's vault (GET /api/me/documents) instead of a new upload. */
    documentId: z.uuid(NO_SUCH_DOCUMENT).optional(),
    coverLetter: coverLetterSchema,
  })
  .refine((form) => form.resume || form.documentId, { message: 'Resume is required', path: ['resume'] });

/**
 * The CV of an application, checked by its bytes either way: a new upload, or a copy of a vault
 * document (the application keeps its own copy, so deleting the document later leaves what the
 * employer and staff received). A person's new upload is kept in their vault too.
 */
async function resumeOf(
  c: Context<AppEnv>,
  applicantId: string,
  form: { resume?: File | undefined; documentId?: string | undefined },
) {
  const owner = await vaultOwnerOf(c.var.db, 'applicant', applicantId);
  if (form.documentId) {
    const doc = owner ? await vaultDocument(c.var.db, owner, form.documentId) : undefined;
    const stored = doc ? await c.env.FILES.get(doc.objectKey) : null;
    if (!doc || !stored) throw new HTTPException(400, { message: NO_SUCH_DOCUMENT });
    const bytes = await stored.arrayBuffer();
    const file = await checkUpload(
      new File([bytes], doc.originalName),
      ['pdf', 'doc', 'docx'],
      RESUME_TYPE_MESSAGE,
    );
    return { file, documentId: doc.id };
  }
  const file = await checkUpload(form.resume!, ['pdf', 'doc', 'docx'], RESUME_TYPE_MESSAGE);
  if (owner && 'personId' in owner) await keepInVault(c, owner.personId, file);
  return { file, documentId: null };
}

/** A copy of a CV a person uploaded with an application, in their vault (a failure only loses the copy). */
async function keepInVault(c: Context<AppEnv>, personId: string, file: CheckedFile) {
  const key = await storeFile(c.env.FILES, `documents/${personId}`, file);
  try {
    await insertVaultDocument(c.var.db, {
      personId,
      documentType: 'CV/Resume',
      objectKey: key,
      originalName: file.name,
      contentType: file.contentType,
      size: file.size,
    });
  } catch (error) {
    await c.env.FILES.delete(key).catch(() => undefined);
    throw error;
  }
}

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
      const form = c.req.valid('form');
      const { coverLetter } = form;
      const applicantId = c.var.auth.sub;
      const db = c.var.db;
      if (await hasApplied(db, jobId, applicantId))
        throw new HTTPException(409, { message: DUPLICATE_MESSAGE });

      const { file, documentId } = await resumeOf(c, applicantId, form);
      const applicant = await findApplicant(db, applicantId);
      if (!applicant)
        throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
      // An applicant who has not confirmed their e-mail yet: the application is kept but held,
      // not passed on to the employer until they confirm.
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
          documentId,
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
        // Passed on at once, and confirmed to the applicant.
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
          // The confirmation e-mail again, naming this job too (after the answer).
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
