import { emailField } from './email.ts';
import { z } from 'zod';
import { DOCUMENT_REQUIRED, documentTypes, educationLevels } from './users-text.ts';
import { INTAKE_NOT_OFFERED } from './program-intakes.ts';
import { signInCode } from './sign-in.ts';
// In the student contract so the login form, which has loaded it before it signs in, can read a refusal.
export { failureBody } from './responses.ts';

export * from './users-text.ts';

/**
 * The student-account contract (spec 2 sections 3, 5 and 7; spec 1 section 4): request schemas
 * with the specs' messages, shared by the islands and the /api/users and /api/subscriptions routes.
 */

/** A required, trimmed string whose absence and emptiness both read `message`. */
const required = (message: string, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required$/, '')} is too long`);

const email = emailField;

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

export const otpSchema = z.string({ error: 'OTP must be 6 digits' }).regex(/^\d{6}$/, 'OTP must be 6 digits');

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is required'),
  remember: z.boolean().optional(),
  code: signInCode,
});

export const checkEmailSchema = z.object({ email });

/**
 * PUT /api/users/profile: the student's own details. A person who signed in at /login from another
 * role (a job seeker, a partner's owner) has a student role made from what they told us there, and
 * the dashboard asks for the rest with this (`missingProfileFields`).
 */
export const profileDetailsSchema = z.object({
  fullName: required('Full name is required', 120),
  academicStatus: required('Academic status is required', 120),
  contactNumber: required('Contact number is required', 40),
  currentAddress: required('Address is required', 300),
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;
export const PROFILE_SAVED = 'Your details have been saved.';
export const CONTACT_NUMBER_TAKEN = 'This contact number is already used by another account.';

export const registerSchema = z.object({
  fullName: required('Full name is required', 120),
  academicStatus: required('Academic status is required', 120),
  contactNumber: required('Contact number is required', 40),
  email,
  currentAddress: required('Address is required', 300),
  password,
});

export const userIdSchema = z
  .string({ error: 'Unable to resend OTP. Please try registering again.' })
  .trim()
  .min(1, 'Unable to resend OTP. Please try registering again.')
  .max(100);

export const verifyOtpSchema = z.object({ userId: userIdSchema, otp: otpSchema });
export const resendOtpSchema = z.object({ userId: userIdSchema });

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ email, otp: otpSchema, password });

const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

/** Education record (spec 2 section 5): level, institute, program and degree are required. */
export const educationSchema = z.object({
  _id: z.string().max(100).optional(),
  educationLevel: z.enum(educationLevels, { error: 'Education level is required' }),
  instituteName: required('Institute name is required', 200),
  program: required('Program is required', 200),
  degree: required('Degree is required', 200),
  passingYear: optionalText(10),
  startDate: optionalText(20),
  expectedEndDate: optionalText(20),
  country: optionalText(100),
  studyLanguage: optionalText(100),
  gpa: optionalText(20),
});

export const languageSchema = z.object({
  _id: z.string().max(100).optional(),
  qualification: required('Qualification is required', 300),
});

/** The multipart upload: a file and one of the spec's document types. */
export const documentUploadSchema = z.object({
  document: z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0, {
    error: DOCUMENT_REQUIRED,
  }),
  documentType: z.enum(documentTypes, { error: DOCUMENT_REQUIRED }),
});

export const recordIdParam = z.object({ id: z.string().min(1).max(100) });

export const profileQuery = z.object({ t: z.string().max(40).optional() });

/** POST /api/subscriptions (spec 1 section 7). */
export const programApplicationSchema = z.object({
  subjectId: z
    .string({ error: 'Subject ID not found.' })
    .trim()
    .min(1, 'Subject ID not found.')
    .max(200, 'Subject not found'),
  /** The intake chosen; left out, the program's next intake. */
  intake: z
    .string({ error: INTAKE_NOT_OFFERED })
    .trim()
    .max(60, INTAKE_NOT_OFFERED)
    .optional()
    .transform((v) => v || undefined),
});

// ---- Response shapes -------------------------------------------------------------------------

// Each is the body a route `satisfies` and the islands pass as `schema` (docs/decisions/015-typed-responses.md).

export const loginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: z.object({ id: z.string(), fullName: z.string(), email: z.string(), role: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const checkEmailResponse = z.object({
  exists: z.boolean(),
  /** Only for an account still waiting for its code (the registration continues with it). */
  userId: z.string().nullable(),
  isComplete: z.boolean(),
  isVerified: z.boolean(),
});
export type CheckEmailResponse = z.infer<typeof checkEmailResponse>;

export const registerResponse = z.object({
  success: z.literal(true),
  userId: z.string(),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

/** A write that answers with a sentence for the person (add, delete, verify, resend): schemas/responses.ts. */
import { messageResponse } from './responses.ts';
export { messageResponse };

export const educationDtoSchema = z.object({
  _id: z.string(),
  educationLevel: z.string(),
  instituteName: z.string(),
  program: z.string(),
  degree: z.string(),
  passingYear: z.string().nullable(),
  startDate: z.string().nullable(),
  expectedEndDate: z.string().nullable(),
  country: z.string().nullable(),
  studyLanguage: z.string().nullable(),
  gpa: z.string().nullable(),
});
export type EducationDto = z.infer<typeof educationDtoSchema>;

export const documentDtoSchema = z.object({
  _id: z.string(),
  documentType: z.string(),
  /** The API path that downloads it (bearer auth). */
  documentUrl: z.string(),
  fileName: z.string(),
  size: z.number(),
  uploadDate: z.string(),
});
export type DocumentDto = z.infer<typeof documentDtoSchema>;

export const languageDtoSchema = z.object({ _id: z.string(), qualification: z.string() });
export type LanguageDto = z.infer<typeof languageDtoSchema>;

/** POST and PUT /api/users/education: the sentence and the record as saved. */
export const educationSavedResponse = messageResponse.extend({ education: educationDtoSchema });
export type EducationSavedResponse = z.infer<typeof educationSavedResponse>;

/** POST and PUT /api/users/language: the sentence and the record as saved. */
export const languageSavedResponse = messageResponse.extend({ language: languageDtoSchema });
export type LanguageSavedResponse = z.infer<typeof languageSavedResponse>;

/** POST /api/users/document (201): the sentence and the document as stored. */
export const documentUploadedResponse = messageResponse.extend({ document: documentDtoSchema });
export type DocumentUploadedResponse = z.infer<typeof documentUploadedResponse>;

/** A program application's status: schemas/pipelines.ts (a job application's is JobApplicationStatus). */
import { programApplicationStatuses } from './pipelines.ts';

export const applicationDtoSchema = z.object({
  _id: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  university: z.string(),
  status: z.enum(programApplicationStatuses),
  intake: z.string().nullable(),
  createdAt: z.string(),
});
export type ApplicationDto = z.infer<typeof applicationDtoSchema>;

/** POST /api/subscriptions (201): the spec's message, and the application as recorded. */
export const applicationCreatedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The application as listed (`applicationDtoSchema`) but for the university. */
  subscription: applicationDtoSchema.omit({ university: true }),
});
export type ApplicationCreatedResponse = z.infer<typeof applicationCreatedResponse>;

/** GET /api/subscriptions/mine. */
export const myApplicationsResponse = z.object({
  success: z.literal(true),
  applications: z.array(applicationDtoSchema),
});
export type MyApplicationsResponse = z.infer<typeof myApplicationsResponse>;

export const studentProfileSchema = z.object({
  _id: z.string(),
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  academicStatus: z.string(),
  contactNumber: z.string(),
  currentAddress: z.string(),
  createdAt: z.string(),
  isVerified: z.boolean(),
  education: z.array(educationDtoSchema),
  documents: z.array(documentDtoSchema),
  language: z.array(languageDtoSchema),
  applications: z.array(applicationDtoSchema),
});
export type StudentProfile = z.infer<typeof studentProfileSchema>;

/** GET /api/users/profile. */
export const profileResponse = z.object({
  success: z.literal(true),
  user: studentProfileSchema,
  /** True only when ENVIRONMENT is development: the dashboard shows its debug panel. */
  debug: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** Field → first message, for a form's inline errors. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
