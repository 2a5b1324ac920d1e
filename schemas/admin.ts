import { z } from 'zod';
import {
  cityCostSchema, countryCostSchema, countrySchema, departmentSchema, exchangeRateSchema, featureSchema, jobSchema, officeSchema, serviceSchema,
  subjectSchema, teamMemberSchema, universitySchema,
} from './content.ts';
import { linkWith } from './common.ts';
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
  .refine((v) => v.role !== undefined || v.isActive !== undefined || v.name !== undefined, 'Nothing to change');

export const staffPasswordSchema = z.object({ password: staffPassword });

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

const totpCode = z
  .string('Enter the 6-digit code from your authenticator app.')
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** The second step of a staff sign-in: a code from the authenticator app, or a recovery code. */
export const staffMfaSchema = z.union(
  [
    z.object({ code: totpCode }).strict(),
    z.object({ recoveryCode: z.string().trim().min(1, 'Enter one of your recovery codes.').max(40, 'That is not a recovery code.') }).strict(),
  ],
  'Enter the 6-digit code from your authenticator app, or a recovery code.',
);

/** Turning the second factor on: the first code the new authenticator shows. */
export const staffMfaEnableSchema = z.object({ code: totpCode });

/** What the back office knows about the signed-in staff member. */
export interface StaffProfile {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** Two-step sign-in: on or off, and how many unused recovery codes are left. */
  mfa: { enabled: boolean; recoveryCodesLeft: number };
}

/**
 * The answer to the password step: signed in (editors without a second factor), or the second
 * step still to do: enter a code ('mfa'), or set up an authenticator first ('enrol', admins).
 */
export type StaffSignIn = { success: true; step: 'signed-in'; staff: StaffProfile } | { success: true; step: 'mfa' | 'enrol' };

/** A new authenticator to scan: the QR code (SVG), the same as an otpauth:// URL and as text. */
export interface StaffMfaSetup {
  success: true;
  qrSvg: string;
  otpauthUrl: string;
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: string;
}

/** The second factor is on: the recovery codes (shown once) and the signed-in profile. */
export interface StaffMfaEnabled {
  success: true;
  recoveryCodes: string[];
  staff: StaffProfile;
}

/** The second step passed: signed in. */
export interface StaffSignedIn {
  success: true;
  staff: StaffProfile;
}

/** ?page, ?pageSize, ?q, ?status and ?format=csv on every list. */
export const listQuery = z.object({
  page: z.coerce.number('page must be a number').int().min(1, 'page must be 1 or more').max(100_000).default(1),
  pageSize: z.coerce.number('pageSize must be a number').int().min(1, 'pageSize must be 1 to 100').max(100, 'pageSize must be 1 to 100').default(20),
  q: z.string().trim().max(200, 'Search text is too long').optional(),
  status: z.string().trim().max(40).optional(),
  type: z.string().trim().max(40).optional(),
  format: z.enum(['json', 'csv'], 'format must be json or csv').optional(),
});
export type ListQuery = z.output<typeof listQuery>;

export const inboxSources = ['contact', 'assistance'] as const;
export type InboxSource = (typeof inboxSources)[number];
export const inboxStatuses = ['unread', 'read', 'handled'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

export const inboxParam = z.object({ source: z.enum(inboxSources, 'Unknown inbox source'), id: z.string().min(1).max(200) });
export const inboxStatusSchema = z.object({ status: z.enum(inboxStatuses, 'Status must be unread, read or handled') });
export const replySchema = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  message: z.string().trim().min(1, 'Message is required').max(10_000, 'Message must be at most 10000 characters'),
});

export const idParam = z.object({ id: z.string().min(1).max(200) });

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
export const inboxStatusLabels: Record<InboxStatus, string> = { unread: 'Unread', read: 'Read', handled: 'Handled' };

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
  services: { label: 'Services', schema: serviceSchema.omit({ isActive: true }), title: 'title', preview: null },
  features: { label: 'Features', schema: featureWithId, title: 'title', preview: null },
  offices: { label: 'Offices', schema: officeSchema, title: 'name', preview: null },
  team: { label: 'Team members', schema: teamMemberSchema, title: 'name', preview: null },
  // The finder's costs (issue 17): shown in every "Estimated total cost".
  countryCosts: { label: 'Country costs (living, visa, health)', schema: countryCostSchema, title: 'id', preview: null },
  cityCosts: { label: 'City living costs', schema: cityCostSchema, title: 'name', preview: null },
  exchangeRates: { label: 'Exchange rates', schema: exchangeRateSchema, title: 'id', preview: null },
} as const;
export type ContentKind = keyof typeof contentKinds;
export const contentKindNames = Object.keys(contentKinds) as ContentKind[];
export const contentKindParam = z.object({ kind: z.enum(contentKindNames as [ContentKind, ...ContentKind[]], 'Unknown content kind') });

/** Lets the seed's relative ids/flags be described in forms: which fields are images. */
export const imageFields: Record<ContentKind, string[]> = {
  countries: ['flag', 'image'],
  universities: ['logo', 'image'],
  departments: ['imageUrl'],
  subjects: ['image', 'logo'],
  jobs: [],
  services: ['icon'],
  features: ['image'],
  offices: [],
  team: ['image'],
  countryCosts: [],
  cityCosts: [],
  exchangeRates: [],
};

export const IMAGE_TYPE_MESSAGE = 'Only JPG and PNG images are allowed';
