import { z } from 'zod';
import {
  cityCostSchema,
  countryCostSchema,
  countrySchema,
  departmentSchema,
  exchangeRateSchema,
  featureSchema,
  jobSchema,
  officeSchema,
  serviceSchema,
  subjectSchema,
  teamMemberSchema,
  universitySchema,
} from './content.ts';
import { publishStatusResponse } from './build.ts';
import { okResponse, pageOf } from './responses.ts';
import { linkWith, searchText } from './common.ts';
import { LINK_RULE } from './links.ts';

/** The back office's contract: staff accounts, lists, pipelines and content kinds. */

export const staffRoles = ['admin', 'editor'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const STAFF_PASSWORD_MIN = 12;

export const staffLoginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Email is invalid')),
  password: z.string().min(1, 'Password is required').max(200),
});

const staffPassword = z
  .string()
  .min(1, 'Password is required')
  .min(STAFF_PASSWORD_MIN, `Password must be at least ${STAFF_PASSWORD_MIN} characters`)
  .max(200, 'Password must be at most 200 characters');

export const staffCreateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Email is invalid')),
  role: z.enum(staffRoles, 'Role must be admin or editor'),
  password: staffPassword,
});

export const staffUpdateSchema = z
  .object({
    role: z.enum(staffRoles, 'Role must be admin or editor').optional(),
    isActive: z.boolean('isActive must be true or false').optional(),
    name: z.string().trim().min(1, 'Name is required').max(120).optional(),
  })
  .refine(
    (v) => v.role !== undefined || v.isActive !== undefined || v.name !== undefined,
    'Nothing to change',
  );

export const staffPasswordSchema = z.object({ password: staffPassword });

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** Below this many unused recovery codes the back office warns the person (issue 29 item 9). */
export const RECOVERY_CODES_LOW = 3;

const totpCode = z
  .string('Enter the 6-digit code from your authenticator app.')
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** The second step of a staff sign-in: a code from the authenticator app, or a recovery code. */
export const staffMfaSchema = z.union(
  [
    z.object({ code: totpCode }).strict(),
    z
      .object({
        recoveryCode: z
          .string()
          .trim()
          .min(1, 'Enter one of your recovery codes.')
          .max(40, 'That is not a recovery code.'),
      })
      .strict(),
  ],
  'Enter the 6-digit code from your authenticator app, or a recovery code.',
);

/** Turning the second factor on: the first code the new authenticator shows. */
export const staffMfaEnableSchema = z.object({ code: totpCode });

/** What the back office knows about the signed-in staff member (GET /api/admin/auth/me). */
export const staffProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** Two-step sign-in: on or off, and how many unused recovery codes are left. */
  mfa: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/**
 * The answer to the password step: signed in (editors without a second factor), or the second
 * step still to do: enter a code ('mfa'), or set up an authenticator first ('enrol', admins).
 */
export const staffSignInSchema = z.union([
  z.object({ success: z.literal(true), step: z.literal('signed-in'), staff: staffProfileSchema }),
  z.object({ success: z.literal(true), step: z.enum(['mfa', 'enrol']) }),
]);
export type StaffSignIn = z.infer<typeof staffSignInSchema>;

/** A new authenticator to scan: the QR code (SVG), the same as an otpauth:// URL and as text. */
export const staffMfaSetupSchema = z.object({
  success: z.literal(true),
  qrSvg: z.string(),
  otpauthUrl: z.string(),
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
});
export type StaffMfaSetup = z.infer<typeof staffMfaSetupSchema>;

/** The second factor is on: the recovery codes (shown once) and the signed-in profile. */
export const staffMfaEnabledSchema = z.object({
  success: z.literal(true),
  recoveryCodes: z.array(z.string()),
  staff: staffProfileSchema,
});
export type StaffMfaEnabled = z.infer<typeof staffMfaEnabledSchema>;

/** The second step passed: signed in. */
export const staffSignedInSchema = z.object({ success: z.literal(true), staff: staffProfileSchema });
export type StaffSignedIn = z.infer<typeof staffSignedInSchema>;

/** ?page, ?pageSize, ?q, ?status and ?format=csv on every list. */
export const listQuery = z.object({
  page: z.coerce
    .number('page must be a number')
    .int()
    .min(1, 'page must be 1 or more')
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number('pageSize must be a number')
    .int()
    .min(1, 'pageSize must be 1 to 100')
    .max(100, 'pageSize must be 1 to 100')
    .default(20),
  q: searchText(200, { tooLong: 'Search text is too long' }).optional(),
  status: z.string().trim().max(40).optional(),
  type: z.string().trim().max(40).optional(),
  format: z.enum(['json', 'csv'], 'format must be json or csv').optional(),
});
export type ListQuery = z.output<typeof listQuery>;

/** Rows of each status in a pipeline, by status (only statuses that have rows). */
const countsByStatus = z.record(z.string(), z.number().int());

/** GET /api/admin/dashboard: editors see the publishing state only, admins the counts too. */
export const dashboardResponse = z.object({
  role: z.string(),
  publish: publishStatusResponse,
  inboxUnread: z.number().int().optional(),
  partnersAwaiting: z.number().int().optional(),
  subscriptions: countsByStatus.optional(),
  partnerRequests: countsByStatus.optional(),
  jobApplications: countsByStatus.optional(),
  payments: countsByStatus.optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const inboxSources = ['contact', 'assistance'] as const;
export type InboxSource = (typeof inboxSources)[number];
export const inboxStatuses = ['unread', 'read', 'handled'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

export const inboxParam = z.object({
  source: z.enum(inboxSources, 'Unknown inbox source'),
  id: z.string().min(1).max(200),
});
export const inboxStatusSchema = z.object({
  status: z.enum(inboxStatuses, 'Status must be unread, read or handled'),
});
/** GET /api/admin/inbox: one row of the inbox (a contact message or an assistance request). */
export const inboxRowSchema = z.object({
  source: z.enum(inboxSources),
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

/** GET /api/admin/inbox/:source/:id: the stored form (its fields differ by source) and the replies sent. */
export const inboxDetailResponse = z.object({
  source: z.enum(inboxSources),
  item: z.looseObject({ status: z.string(), email: z.string() }),
  replies: z.array(
    z.object({
      subject: z.string(),
      message: z.string(),
      createdAt: z.string(),
      staffName: z.string().nullable(),
    }),
  ),
});
export type InboxDetailResponse = z.infer<typeof inboxDetailResponse>;

/** PATCH /api/admin/inbox/:source/:id. */
export const inboxStatusResponse = okResponse.extend({ status: z.enum(inboxStatuses) });
export type InboxStatusResponse = z.infer<typeof inboxStatusResponse>;

export const replySchema = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(10_000, 'Message must be at most 10000 characters'),
});

export const idParam = z.object({ id: z.string().min(1).max(200) });
/** An item's id and one of its documents' ids. */
export const documentParam = idParam.extend({ documentId: z.string().min(1).max(200) });

/** A pipeline status change: the new status and an optional note for the person. */
export const statusChangeSchema = z.object({
  status: z.string().trim().min(1, 'Status is required').max(40),
  note: z.string().trim().max(2000, 'Note must be at most 2000 characters').optional(),
});

export const createJobSchema = z.object({
  website: linkWith(`Website ${LINK_RULE}`).optional(),
});

/**
 * What staff read for an inbox item's status. The pipelines' labels are in schemas/pipelines.ts
 * (staffLabel) and the payments' in schemas/payment-text.ts.
 */
export const inboxStatusLabels: Record<InboxStatus, string> = {
  unread: 'Unread',
  read: 'Read',
  handled: 'Handled',
};

/**
 * Content kinds staff edit, each validated by the seed's own schema (one rule, one place).
 * `retire` says how a row leaves the public site: is_active false, or a job closed.
 */
const featureWithId = featureSchema.extend({ id: countrySchema.shape.id });
const jobRow = jobSchema.omit({ position: true });
export const contentKinds = {
  countries: { label: 'Countries', schema: countrySchema, title: 'name', preview: '/country-details/' },
  universities: { label: 'Universities', schema: universitySchema, title: 'name', preview: null },
  departments: { label: 'Departments', schema: departmentSchema, title: 'name', preview: null },
  subjects: { label: 'Subjects', schema: subjectSchema, title: 'name', preview: '/subject/' },
  jobs: { label: 'Jobs', schema: jobRow, title: 'title', preview: '/job/' },
  services: {
    label: 'Services',
    schema: serviceSchema.omit({ isActive: true }),
    title: 'title',
    preview: null,
  },
  features: { label: 'Features', schema: featureWithId, title: 'title', preview: null },
  offices: { label: 'Offices', schema: officeSchema, title: 'name', preview: null },
  team: { label: 'Team members', schema: teamMemberSchema, title: 'name', preview: null },
  // The finder's costs (issue 17): shown in every "Estimated total cost".
  countryCosts: {
    label: 'Country costs (living, visa, health)',
    schema: countryCostSchema,
    title: 'id',
    preview: null,
  },
  cityCosts: { label: 'City living costs', schema: cityCostSchema, title: 'name', preview: null },
  exchangeRates: { label: 'Exchange rates', schema: exchangeRateSchema, title: 'id', preview: null },
} as const;
export type ContentKind = keyof typeof contentKinds;
export const contentKindNames = Object.keys(contentKinds) as ContentKind[];
export const contentKindParam = z.object({
  kind: z.enum(contentKindNames as [ContentKind, ...ContentKind[]], 'Unknown content kind'),
});

/**
 * Which fields are images, by kind (a list field holds one image per entry): the forms show an
 * upload, alt text and focal point beside them, and a save fetches the ones given as links.
 */
export const imageFields: Record<ContentKind, string[]> = {
  countries: ['flag', 'image'],
  universities: ['logo', 'image'],
  departments: ['imageUrl'],
  subjects: ['image', 'logo', 'universityimage'],
  jobs: [],
  services: ['icon'],
  features: ['image'],
  offices: [],
  team: ['image'],
  countryCosts: [],
  cityCosts: [],
  exchangeRates: [],
};

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
/** A document the student uploaded, as staff see it beside an application (issue 29 item 11). */
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

export const staffRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  isActive: z.boolean(),
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;
export const staffPageResponse = pageOf(staffRowSchema);
/** POST /api/admin/staff (201): the new account. */
export const staffCreatedResponse = z.object({
  success: z.literal(true),
  staff: staffRowSchema.pick({ id: true, name: true, email: true, role: true, isActive: true }),
});
export type StaffCreatedResponse = z.infer<typeof staffCreatedResponse>;
/** PATCH /api/admin/staff/{id}: the account after the change. */
export const staffUpdatedResponse = z.object({
  success: z.literal(true),
  staff: staffRowSchema.omit({ mfaEnabled: true }).extend({ updatedAt: z.string() }),
});
export type StaffUpdatedResponse = z.infer<typeof staffUpdatedResponse>;

export const auditRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  staffName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** What happened, as a sentence (schemas/audit-text.ts). */
  summary: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** One row of GET /api/admin/content/:kind. */
export const contentRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  active: z.boolean(),
  updatedAt: z.string(),
  preview: z.string().nullable(),
});
export type ContentRow = z.infer<typeof contentRowSchema>;
/** A content item as the editor's form holds it: plain JSON, field by field. */
const formValues = z.record(z.string(), z.json());
/** GET /api/admin/content/:kind/:id. */
export const contentItemResponse = z.object({
  kind: z.enum(contentKindNames as [ContentKind, ...ContentKind[]]),
  item: formValues,
  active: z.boolean(),
  updatedAt: z.string(),
  preview: z.string().nullable(),
});
export type ContentItemResponse = z.infer<typeof contentItemResponse>;
/** POST /api/admin/content/:kind (201) and PUT /api/admin/content/:kind/:id. */
export const contentSavedResponse = z.object({
  success: z.literal(true),
  id: z.string(),
  preview: z.string().nullable(),
  /**
   * Linked images that could not be fetched at this save (issue 31), by field path ('image',
   * 'universityimage.2'): saved as links, shown on the site as the placeholder until a save fetches them.
   */
  imageWarnings: z.array(z.object({ field: z.string(), message: z.string() })).default([]),
});
export type ContentSavedResponse = z.infer<typeof contentSavedResponse>;
/** POST /api/admin/content/:kind/:id/retire|restore. */
export const contentActiveResponse = z.object({ success: z.literal(true), active: z.boolean() });
export type ContentActiveResponse = z.infer<typeof contentActiveResponse>;
/** GET /api/admin/site-settings (PUT answers `{ success, item }`). */
export const siteSettingsResponse = z.object({ item: formValues, updatedAt: z.string().nullable() });
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponse>;
export const siteSettingsSavedResponse = z.object({ success: z.literal(true), item: formValues });
export type SiteSettingsSaved = z.infer<typeof siteSettingsSavedResponse>;
/**
 * PUT /api/admin/site-settings/contacts: the saved block, and the previous addresses told of the
 * change (none when nothing changed).
 */
export const siteContactsSavedResponse = z.object({
  success: z.literal(true),
  item: formValues,
  message: z.string(),
  notified: z.array(z.string()),
});
export type SiteContactsSaved = z.infer<typeof siteContactsSavedResponse>;
/** A processed content image as the back office shows it (size and dimensions beside the field). */
export const imageDetails = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  color: z.string().nullable(),
  /** What was received: jpeg, png, webp or heic. */
  format: z.string(),
  /** Bytes received. */
  bytes: z.number().int(),
  /** Bytes served to a phone (the 960 px AVIF) and in all (every variant). */
  phoneBytes: z.number().int(),
  storedBytes: z.number().int(),
});
export type ImageDetails = z.infer<typeof imageDetails>;
/**
 * POST /api/admin/uploads (201): where the image now lives. `url` is the address content stores
 * (schemas/images.ts), `key` the image's id; `image` what the pipeline made of it.
 */
export const uploadResponse = z.object({
  success: z.literal(true),
  key: z.string(),
  url: z.string(),
  image: imageDetails,
});
/** GET /api/admin/images/:id: one processed image's details. */
export const imageDetailsResponse = z.object({ image: imageDetails });
export type ImageDetailsResponse = z.infer<typeof imageDetailsResponse>;
export type UploadResponse = z.infer<typeof uploadResponse>;
