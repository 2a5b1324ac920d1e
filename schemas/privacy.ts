import { z } from 'zod';

/**
 * The privacy contract (UK GDPR articles 15, 17 and 20): export ("Download my data") and erasure
 * ("Delete my account") for each account type, by the person or by an admin for a request that
 * arrived by e-mail. Paths, messages and shapes shared by the routes and the islands.
 */

/** The account types a person can hold (staff accounts are not people we hold data about here). */
export const personTypes = ['student', 'partner', 'applicant'] as const;
export type PersonType = (typeof personTypes)[number];

export const personTypeLabels: Record<PersonType, string> = {
  student: 'Student',
  partner: 'Partner',
  applicant: 'Job applicant',
};

/** The export and erasure paths of each account type. */
export const privacyPaths: Record<PersonType, { export: string; erase: string }> = {
  student: { export: '/api/users/me/export', erase: '/api/users/me' },
  partner: { export: '/api/partner/me/export', erase: '/api/partner/me' },
  applicant: { export: '/api/job-applicants/me/export', erase: '/api/job-applicants/me' },
};

export const WRONG_PASSWORD_MESSAGE = 'That password is not correct, so your account has not been deleted.';
export const ERASED_MESSAGE =
  'Your account and your data have been deleted. We have e-mailed you a confirmation.';

/** DELETE /api/me, from any door: every role of the person, and the person. */
export const wholeAccountPath = '/api/me';
export const ACCOUNT_ERASED_MESSAGE =
  'Your whole account (every role under this e-mail address) and your data have been deleted. We have e-mailed you a confirmation.';

/** DELETE …/me: the password confirms it is the person. */
export const eraseSchema = z.object({
  password: z
    .string('Enter your password to confirm')
    .min(1, 'Enter your password to confirm')
    .max(200, 'Password is too long'),
});

export const eraseResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many rows of each kind were removed (and payments anonymised). */
  removed: z.record(z.string(), z.number()),
  files: z.number(),
});
export type EraseResponse = z.infer<typeof eraseResponseSchema>;

/** Staff: find a person by e-mail across the three account types. */
export const privacySearchQuery = z.object({
  email: z
    .string()
    .trim()
    .min(3, 'Enter the e-mail address the request came from')
    .max(320, 'E-mail is too long'),
});

export const privacyPersonSchema = z.object({
  type: z.enum(personTypes),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type PrivacyPerson = z.infer<typeof privacyPersonSchema>;

export const privacySearchResponseSchema = z.object({ people: z.array(privacyPersonSchema) });
export type PrivacySearchResponse = z.infer<typeof privacySearchResponseSchema>;

export const privacyPersonParam = z.object({
  type: z.enum(personTypes, 'Unknown account type'),
  id: z.string().min(1).max(200),
});

/** Staff erasure: the person's e-mail typed again, so the wrong row is never erased by a slip. */
export const staffEraseSchema = z.object({
  confirmEmail: z.string().trim().min(1, "Type the person's e-mail address to confirm").max(320),
});

/** The zip's file name for a download made on `date`. */
export const exportFileName = (date: Date) => `bridgeway-my-data-${date.toISOString().slice(0, 10)}.zip`;
