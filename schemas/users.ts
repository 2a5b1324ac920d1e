import { z } from 'zod';
import { DOCUMENT_REQUIRED, documentTypes, educationLevels } from './users-text.ts';

export * from './users-text.ts';

/**
 * The student-account contract (spec 2 sections 3, 5 and 7; spec 1 section 4): request schemas
 * with the specs' messages, shared by the islands and the /api/users and /api/subscriptions routes.
 */

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required, trimmed string whose absence and emptiness both read `message`. */
const required = (message: string, max = 500) => z.string({ error: message }).trim().min(1, message).max(max, `${message.replace(/ is required$/, '')} is too long`);

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(320, 'Email is invalid')
  .regex(EMAIL_SHAPE, 'Email is invalid');

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

export const otpSchema = z.string({ error: 'OTP must be 6 digits' }).regex(/^\d{6}$/, 'OTP must be 6 digits');

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is required'),
  remember: z.boolean().optional(),
});

export const checkEmailSchema = z.object({ email });

export const registerSchema = z.object({
  fullName: required('Full name is required', 120),
  academicStatus: required('Academic status is required', 120),
  contactNumber: required('Contact number is required', 40),
  email,
  currentAddress: required('Address is required', 300),
  password,
});

export const userIdSchema = z.string({ error: 'Unable to resend OTP. Please try registering again.' }).trim().min(1, 'Unable to resend OTP. Please try registering again.').max(100);

export const verifyOtpSchema = z.object({ userId: userIdSchema, otp: otpSchema });
export const resendOtpSchema = z.object({ userId: userIdSchema });

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ email, otp: otpSchema, password });

const optionalText = (max = 200) => z.string().trim().max(max).optional().transform((v) => (v ? v : null));

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
  document: z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0, { error: DOCUMENT_REQUIRED }),
  documentType: z.enum(documentTypes, { error: DOCUMENT_REQUIRED }),
});

export const recordIdParam = z.object({ id: z.string().min(1).max(100) });

export const profileQuery = z.object({ t: z.string().max(40).optional() });

/** POST /api/subscriptions (spec 1 section 7). */
export const programApplicationSchema = z.object({
  subjectId: z.string({ error: 'Subject ID not found.' }).trim().min(1, 'Subject ID not found.').max(200, 'Subject not found'),
});

// ---- Response shapes -------------------------------------------------------------------------

export interface LoginResponse {
  success: true;
  message: string;
  token: string;
  user: { id: string; fullName: string; email: string; role: string };
}

export interface CheckEmailResponse {
  exists: boolean;
  /** Only for an account still waiting for its code (the registration continues with it). */
  userId: string | null;
  isComplete: boolean;
  isVerified: boolean;
}

export interface RegisterResponse {
  success: true;
  userId: string;
  message: string;
}

export interface MessageResponse {
  success: boolean;
  message: string;
}

export interface EducationDto {
  _id: string;
  educationLevel: string;
  instituteName: string;
  program: string;
  degree: string;
  passingYear: string | null;
  startDate: string | null;
  expectedEndDate: string | null;
  country: string | null;
  studyLanguage: string | null;
  gpa: string | null;
}

export interface DocumentDto {
  _id: string;
  documentType: string;
  /** The API path that downloads it (bearer auth). */
  documentUrl: string;
  fileName: string;
  size: number;
  uploadDate: string;
}

export interface LanguageDto {
  _id: string;
  qualification: string;
}

/** A program application's status: schemas/pipelines.ts (a job application's is JobApplicationStatus). */
import type { ProgramApplicationStatus } from './pipelines.ts';

export interface ApplicationDto {
  _id: string;
  subjectId: string;
  subjectName: string;
  university: string;
  status: ProgramApplicationStatus;
  createdAt: string;
}

export interface StudentProfile {
  _id: string;
  id: string;
  fullName: string;
  email: string;
  role: string;
  academicStatus: string;
  contactNumber: string;
  currentAddress: string;
  createdAt: string;
  isVerified: boolean;
  education: EducationDto[];
  documents: DocumentDto[];
  language: LanguageDto[];
  applications: ApplicationDto[];
}

export interface ProfileResponse {
  success: true;
  user: StudentProfile;
  /** True only when ENVIRONMENT is development: the dashboard shows its debug panel. */
  debug: boolean;
}

/** Field → first message, for a form's inline errors. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
