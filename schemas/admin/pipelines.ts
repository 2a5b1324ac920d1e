import { z } from 'zod';
import { linkWith } from '../common.ts';
import { LINK_RULE } from '../links.ts';

/**
 * The pipelines (program applications, partners, partner requests, job applications): status
 * changes, details and rows.
 */

/** A pipeline status change: the new status and an optional note for the person. */
export const statusChangeSchema = z.object({
  status: z.string().trim().min(1, 'Status is required').max(40),
  note: z.string().trim().max(2000, 'Note must be at most 2000 characters').optional(),
});

export const createJobSchema = z.object({
  website: linkWith(`Website ${LINK_RULE}`).optional(),
});

/* The back office's answers (docs/decisions/015-typed-responses.md): lists, pipeline details, staff. */

/** One status change in a pipeline item's history. */
export const historyEntrySchema = z.object({
  fromStatus: z.string(),
  toStatus: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  staffName: z.string().nullable(),
});

/**
 * GET /api/admin/<pipeline>/:id: the item (its columns differ by pipeline; the detail view lists
 * them by name), its status history and the statuses it may move to.
 */
export const pipelineDetailResponse = z.object({
  item: z.looseObject({ id: z.string(), status: z.string() }),
  history: z.array(historyEntrySchema),
  next: z.array(z.string()),
});
export type PipelineDetailResponse = z.infer<typeof pipelineDetailResponse>;
/** Program applications add the student's contact details; partners add their requests. */
/** A document the student uploaded, as staff see it beside an application. */
const staffDocumentSchema = z.object({
  _id: z.string(),
  documentType: z.string(),
  originalName: z.string(),
  size: z.number(),
  uploadDate: z.string(),
});

export const applicationDetailResponse = pipelineDetailResponse.extend({
  student: z.looseObject({}).optional(),
  /** The student's uploaded documents, each opened at …/subscriptions/{id}/documents/{documentId}. */
  documents: z.array(staffDocumentSchema),
});
export type ApplicationDetailResponse = z.infer<typeof applicationDetailResponse>;
export const partnerDetailResponse = pipelineDetailResponse.extend({
  requests: z.array(z.looseObject({ id: z.string() })),
});
export type PartnerDetailResponse = z.infer<typeof partnerDetailResponse>;

/** POST /api/admin/<pipeline>/:id/status: the move made and whether the person was e-mailed. */
export const statusChangeResponse = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  emailed: z.boolean(),
  message: z.string(),
});
export type StatusChangeResponse = z.infer<typeof statusChangeResponse>;

export const applicationRowSchema = z.object({
  id: z.string(),
  status: z.string(),
  createdAt: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  universityName: z.string().nullable(),
  /** The intake the student chose; null for applications made before the choice existed. */
  intake: z.string().nullable(),
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

export const partnerRowSchema = z.object({
  id: z.string(),
  status: z.string(),
  companyName: z.string(),
  email: z.string(),
  contactName: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type PartnerRow = z.infer<typeof partnerRowSchema>;

export const partnerRequestRowSchema = z.object({
  id: z.string(),
  status: z.string(),
  type: z.string(),
  title: z.string(),
  companyName: z.string(),
  createdAt: z.string(),
  jobId: z.string().nullable(),
});
export type PartnerRequestRow = z.infer<typeof partnerRequestRowSchema>;

/** POST /api/admin/partner-requests/:id/create-job. */
export const createJobResponse = z.object({
  success: z.literal(true),
  jobId: z.string(),
  preview: z.string(),
});
export type CreateJobResponse = z.infer<typeof createJobResponse>;

export const jobApplicationRowSchema = z.object({
  id: z.string(),
  status: z.string(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  jobTitle: z.string().nullable(),
  company: z.string().nullable(),
  createdAt: z.string(),
  emailConfirmed: z.boolean(),
});
export type JobApplicationRow = z.infer<typeof jobApplicationRowSchema>;
