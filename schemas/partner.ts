import { z } from 'zod';
import { signInCode } from './sign-in.ts';
import { degreeOptions, employmentTypes, OTP_INCOMPLETE } from './partner-text.ts';
import { partnerApprovalStatuses, partnerRequestStatuses } from './pipelines.ts';

export * from './partner-text.ts';

/**
 * The partner area's contract (spec 2, sections 3, 5, 7, 8): registration, verification, login,
 * password reset, profile and the two kinds of request. The messages are the spec's wording and
 * are shared by the islands and the routes.
 */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required text field with the spec's message. */
const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);
/** An optional text field (missing means empty). */
const optional = (max = 2000) =>
  z.string().trim().max(max, `Please keep this under ${max} characters`).optional().default('');
/** A required e-mail: empty gives the 'required' message, anything not address-like 'Invalid email format'. */
const email = (requiredMessage: string, invalidMessage = 'Invalid email format') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, 'Email is too long')
    .regex(EMAIL_PATTERN, invalidMessage)
    .toLowerCase();

// ---------------------------------------------------------------------------------------------
// Registration (section 5 table)

const registrationFields = {
  companyName: required('Company name is required'),
  companyHQ: required('Company headquarters is required'),
  ownerFirstName: required('Owner first name is required', 100),
  ownerLastName: required('Owner last name is required', 100),
  ownerEmail: email('Owner email is required'),
  ownerPhoneNumber: required('Owner phone number is required', 40),
  ownerDesignation: required('Owner designation is required', 100),
  ownerNationality: required('Owner nationality is required', 100),
  contactFirstName: required('Contact first name is required', 100),
  contactLastName: required('Contact last name is required', 100),
  contactDesignation: required('Contact designation is required', 100),
  contactPhoneNumber: required('Contact phone number is required', 40),
  contactEmail: email('Contact email is required'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
};

/** What POST /api/partner/register accepts (spec 2 section 7). */
export const partnerRegisterSchema = z.object(registrationFields);
export type PartnerRegisterInput = z.input<typeof partnerRegisterSchema>;

/** The registration form: the request plus the confirmation and terms boxes the page shows. */
export const partnerRegisterFormSchema = z
  .object({
    ...registrationFields,
    confirmPassword: z.string().min(1, 'Confirm password is required'),
    agreeToTerms: z.boolean().refine((v) => v === true, 'You must accept the terms and conditions'),
  })
  .refine((v) => !v.confirmPassword || v.password === v.confirmPassword, {
    message: 'Passwords must match',
    path: ['confirmPassword'],
  });
export type PartnerRegisterForm = z.input<typeof partnerRegisterFormSchema>;

// ---------------------------------------------------------------------------------------------
// Verification, login, password reset

export const partnerVerifySchema = z.object({
  email: email('Email is required', 'Email is invalid'),
  otp: z.string({ error: OTP_INCOMPLETE }).regex(/^\d{6}$/, OTP_INCOMPLETE),
});

export const partnerEmailSchema = z.object({ email: email('Email is required', 'Email is invalid') });

/**
 * Resend names the registration it is for when the page knows it (the `_id` registration answered):
 * an address may have several registrations, and each has its own code.
 */
export const partnerResendSchema = partnerEmailSchema.extend({
  registrationId: z.string().max(100).optional(),
});

export const partnerLoginSchema = z.object({
  email: email('Email is required', 'Email is invalid'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password must be at most 200 characters'),
  remember: z.boolean().optional().default(false),
  code: signInCode,
});
export type PartnerLoginInput = z.input<typeof partnerLoginSchema>;

export const partnerResetSchema = z.object({
  email: email('Email is required', 'Email is invalid'),
  code: z
    .string({ error: 'Please enter the 6-digit code' })
    .regex(/^\d{6}$/, 'Please enter the 6-digit code'),
  password: registrationFields.password,
});

// ---------------------------------------------------------------------------------------------
// Profile

/**
 * PUT /api/partner/profile. Only the company's and people's details: the owner e-mail, the
 * password and the verification or approval state are not editable here (unknown keys are dropped).
 */
export const partnerProfileUpdateSchema = z.object({
  companyName: required('Company name is required'),
  companyHQ: optional(200),
  ownerFirstName: optional(100),
  ownerLastName: optional(100),
  ownerPhoneNumber: optional(40),
  ownerDesignation: optional(100),
  ownerNationality: optional(100),
  contactFirstName: optional(100),
  contactLastName: optional(100),
  contactDesignation: optional(100),
  contactPhoneNumber: optional(40),
  contactEmail: z
    .union([z.literal(''), email('Contact email is required')])
    .optional()
    .default(''),
});
export type PartnerProfileUpdate = z.input<typeof partnerProfileUpdateSchema>;

/** The partner as the API returns it (`email` and `contactNumber` are the spec's alternatives). */
export const partnerDtoSchema = z.object({
  _id: z.string(),
  id: z.string(),
  companyName: z.string(),
  companyHQ: z.string(),
  ownerFirstName: z.string(),
  ownerLastName: z.string(),
  ownerEmail: z.string(),
  email: z.string(),
  ownerPhoneNumber: z.string(),
  contactNumber: z.string(),
  ownerDesignation: z.string(),
  ownerNationality: z.string(),
  contactFirstName: z.string(),
  contactLastName: z.string(),
  contactDesignation: z.string(),
  contactPhoneNumber: z.string(),
  contactEmail: z.string(),
  isVerified: z.boolean(),
  approvalStatus: z.enum(partnerApprovalStatuses),
  createdAt: z.string(),
});
export type PartnerDto = z.infer<typeof partnerDtoSchema>;

// ---------------------------------------------------------------------------------------------
// Requests (POST /api/hiringrequest/submit)

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date like 2027-01-31');

/** Today's date as YYYY-MM-DD, a day behind UTC so no time zone sees its today refused. */
const earliestDeadline = () => new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
const deadline = isoDate('Application deadline is required').refine(
  (d) => d >= earliestDeadline(),
  'Application deadline cannot be in the past',
);

const atLeastOne = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(100_000, `${label} must be at most 100000`);

const common = {
  companyName: optional(200),
  department: required('Department is required'),
  location: required('Location is required'),
  applicationDeadline: deadline,
  contactEmail: email('Contact email is required'),
  contactPhone: required('Contact phone is required', 40),
};

export const admissionRequestSchema = z
  .object({
    type: z.literal('student'),
    ...common,
    courseName: required('Course name is required'),
    degree: z.enum(degreeOptions, {
      error: 'Please choose a degree (bachelor, master, diploma or certificate)',
    }),
    duration: optional(100),
    courseDescription: required('Course description is required', 5000),
    eligibilityCriteria: required('Eligibility criteria is required', 5000),
    admissionFee: optional(100),
    semesterFee: optional(100),
    totalSeats: atLeastOne('Total seats'),
    numberOfPositions: z.number().optional(),
    minimumGPA: z
      .number({ error: 'Minimum GPA must be a number' })
      .min(0, 'Minimum GPA must be between 0 and 5')
      .max(5, 'Minimum GPA must be between 0 and 5')
      .refine(
        (n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9,
        'Minimum GPA can have one decimal place (step 0.1)',
      )
      .nullish(),
    entranceExamRequired: z.boolean().optional().default(false),
    examDate: z
      .union([z.literal(''), isoDate('Exam date is required')])
      .optional()
      .default(''),
    examDetails: optional(2000),
    requiredDocuments: z
      .array(z.string().trim().min(1).max(100))
      .max(20, 'Please choose at most 20 documents')
      .optional()
      .default([]),
  })
  // Exam date and details only mean something when an entrance exam is required.
  .transform(({ numberOfPositions: _ignored, ...v }) => ({
    ...v,
    numberOfPositions: v.totalSeats,
    minimumGPA: v.minimumGPA ?? null,
    examDate: v.entranceExamRequired ? v.examDate : '',
    examDetails: v.entranceExamRequired ? v.examDetails : '',
  }));

/** Skills typed comma separated become a trimmed list; a list is trimmed too. */
const skills = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',') : v),
    z
      .array(z.string().max(100, 'Each skill must be under 100 characters'))
      .max(50, 'Please list at most 50 skills'),
  )
  .transform((list) => list.map((s) => s.trim()).filter(Boolean))
  .optional()
  .default([]);

export const hiringRequestSchema = z.object({
  type: z.literal('employee'),
  ...common,
  jobTitle: required('Job title is required'),
  jobDescription: required('Job description is required', 5000),
  employmentType: z.enum(employmentTypes, {
    error: 'Please choose an employment type (full-time, part-time, contract or internship)',
  }),
  salaryRange: required('Salary range is required', 100),
  requiredQualifications: required('Required qualifications is required', 5000),
  requiredExperience: required('Required experience is required', 500),
  skillsRequired: skills,
  jobResponsibilities: optional(5000),
  benefits: optional(5000),
  numberOfPositions: atLeastOne('Number of positions'),
});

export const partnerRequestSchema = z.discriminatedUnion(
  'type',
  [admissionRequestSchema, hiringRequestSchema],
  {
    error: "type must be 'student' or 'employee'",
  },
);
export type AdmissionRequestInput = z.input<typeof admissionRequestSchema>;
export type HiringRequestInput = z.input<typeof hiringRequestSchema>;

/** One of the partner's own requests, as GET /api/partner/requests lists it. */
export const partnerRequestDtoSchema = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.enum(['student', 'employee']),
  title: z.string(),
  status: z.enum(partnerRequestStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type PartnerRequestDto = z.infer<typeof partnerRequestDtoSchema>;

// ---- Responses (docs/decisions/015-typed-responses.md): the partner routes satisfy these. ------

export { messageResponse } from './responses.ts';

/** POST /api/partner/register (201). */
export const partnerRegisterResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), ownerEmail: z.string(), ownerPhoneNumber: z.string() }),
});
export type PartnerRegisterResponse = z.infer<typeof partnerRegisterResponse>;

/** POST /api/partner/login. */
export const partnerLoginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  partner: partnerDtoSchema,
});
export type PartnerLoginResponse = z.infer<typeof partnerLoginResponse>;

/** GET /api/partner/profile. */
export const partnerProfileResponse = z.object({ success: z.literal(true), partner: partnerDtoSchema });
export type PartnerProfileResponse = z.infer<typeof partnerProfileResponse>;

/** PUT /api/partner/profile. */
export const partnerProfileSavedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  partner: partnerDtoSchema,
});
export type PartnerProfileSavedResponse = z.infer<typeof partnerProfileSavedResponse>;

/** GET /api/partner/requests. */
export const partnerRequestsResponse = z.object({
  success: z.literal(true),
  requests: z.array(partnerRequestDtoSchema),
});
export type PartnerRequestsResponse = z.infer<typeof partnerRequestsResponse>;

/** POST /api/hiringrequest/submit (201). */
export const requestSubmittedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  request: z.object({
    _id: z.string(),
    id: z.string(),
    type: z.enum(['student', 'employee']),
    title: z.string(),
    status: z.literal('submitted'),
    createdAt: z.string(),
  }),
});
export type RequestSubmittedResponse = z.infer<typeof requestSubmittedResponse>;

/** The first message per field of a failed parse (what a form shows under each input). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * One registration field's message for the form (shown once the field is touched). Fields are
 * checked one by one so a mismatch of the confirmation shows before the rest of the form is valid.
 */
export function registrationFieldError(
  field: keyof PartnerRegisterForm,
  values: PartnerRegisterForm,
): string | undefined {
  if (field === 'confirmPassword') {
    if (!values.confirmPassword) return 'Confirm password is required';
    return values.confirmPassword === values.password ? undefined : 'Passwords must match';
  }
  if (field === 'agreeToTerms')
    return values.agreeToTerms === true ? undefined : 'You must accept the terms and conditions';
  const result = registrationFields[field].safeParse(values[field]);
  return result.success ? undefined : result.error.issues[0]?.message;
}
