import { z } from 'zod';
import { normalizeEmail } from './email.ts';
import { signInCode } from './sign-in.ts';
import { searchText } from './common.ts';
import { pagePaths } from './paths.ts';

/**
 * The recruitment area's contract (spec 2): the assistance request, job-applicant accounts,
 * applications and the job list's filters. Messages are the specs' where they give one.
 */

export * from './recruitment-text.ts';
export { countryNames } from './countries.ts';
import { CATEGORY_MESSAGE, DEFAULT_COUNTRY, TERMS_MESSAGE } from './recruitment-text.ts';
import { countryNames } from './countries.ts';

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'))
  .transform(normalizeEmail);

/** The employer assistance form (spec 2 sections 3 and 5). Known categories are checked by the route. */
export const assistanceRequestSchema = z.object({
  companyName: required('Company name'),
  phoneNumber: required('Phone number', 40),
  contactName: required('Contact name'),
  email,
  postcode: required('Postcode', 20),
  country: z.enum(countryNames, { error: 'Please select a country' }).default(DEFAULT_COUNTRY),
  category: z.array(z.string().trim().max(120), { error: CATEGORY_MESSAGE }).min(1, CATEGORY_MESSAGE).max(16),
  message: required('Message', 5000),
  termsAccepted: z.literal(true, { error: TERMS_MESSAGE }),
});
export type AssistanceRequestInput = z.input<typeof assistanceRequestSchema>;

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password is too long');

/** Applicant authentication (spec 2 section 5). */
export const applicantLoginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  code: signInCode,
});
export const applicantRegisterSchema = z.object({
  fullName: required('Full name', 120),
  email,
  phone: required('Phone', 40),
  password,
});

/** The cover letter of an application (the resume file is checked by its bytes on the server). */
export const coverLetterSchema = z
  .string({ error: 'Cover letter is required' })
  .trim()
  .min(1, 'Cover letter is required')
  .max(10_000, 'Cover letter is too long (10,000 characters at most)');

/** Server-side filters of GET /api/applyjobs. Any of them switches the answer to a page object. */
export const jobsQuery = z.object({
  q: searchText(200, { tooLong: 'Search text is too long' }).optional(),
  category: searchText(120, {
    notText: 'category must be one category',
    tooLong: 'category is too long',
  }).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000)
    .optional(),
});

/** A job in the list (spec 2 section 3: job from the server). */
export const jobSummary = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  company: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  recruitmentType: z.string(),
});
export type JobSummary = z.infer<typeof jobSummary>;

/** GET /api/applyjobs with q, category or page. */
/** GET /api/applyjobs without parameters: every open job (the spec's plain array). */
export const jobsListResponse = z.array(jobSummary);

export const jobsPageResponse = z.object({
  jobs: z.array(jobSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  /** Every category of the open jobs, alphabetical (the filter's options after 'All categories'). */
  categories: z.array(z.string()),
});
export type JobsPage = z.infer<typeof jobsPageResponse>;

/** GET /api/jobs/{id}: every field of the static sample job (position = title), plus the list fields. */
export const jobDetailResponse = jobSummary.extend({
  id: z.string(),
  position: z.string(),
  address: z.string(),
  employment: z.array(z.string()),
  schedule: z.string(),
  payment: z.string(),
  hiring: z.string(),
  urgent: z.boolean(),
  tags: z.array(z.string()),
  type: z.string(),
  requirements: z.array(z.string()),
  companyInfo: z.object({
    name: z.string(),
    website: z.string().optional(),
    about: z.string(),
    logo: z.string().optional(),
  }),
  status: z.enum(['open', 'closed']),
  /** When the job was added (ISO 8601): the JobPosting's datePosted. */
  postedAt: z.string(),
});
export type JobDetail = z.infer<typeof jobDetailResponse>;

/** A job application's status: schemas/pipelines.ts (a program application's is ProgramApplicationStatus). */
import { jobApplicationStatuses } from './pipelines.ts';

/** One of an applicant's own applications. */
export const myApplicationSchema = z.object({
  _id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  location: z.string(),
  status: z.enum(jobApplicationStatuses),
  resumeName: z.string(),
  appliedAt: z.string(),
  /** Held back from the employer until the applicant confirms their e-mail address. */
  held: z.boolean(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

/** GET /api/job-applicants/applications: a plain array, newest first as the query lists them. */
export const myJobApplicationsResponse = z.array(myApplicationSchema);
export type MyJobApplicationsResponse = z.infer<typeof myJobApplicationsResponse>;

/** The signed-in applicant (GET /api/job-applicants/me). */
export const applicantProfileSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Whether the e-mailed confirmation link was clicked (until then applications are held). */
  emailConfirmed: z.boolean(),
});
export type ApplicantProfile = z.infer<typeof applicantProfileSchema>;

/** POST /api/job-applicants/register (201) and /login: the applicant's token. */
export const applicantSignedInResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
});
export type ApplicantSignedInResponse = z.infer<typeof applicantSignedInResponse>;

export { messageResponse } from './responses.ts';

/** The link from the confirmation e-mail, sent back by the confirmation page. */
export const applicantConfirmSchema = z.object({
  token: z
    .string('This confirmation link is not valid.')
    .trim()
    .min(1, 'This confirmation link is not valid.')
    .max(2000, 'This confirmation link is not valid.'),
});

/** The confirmation page's answer: newly confirmed, or confirmed before (a link used twice). */
export const applicantConfirmResponse = z.object({
  success: z.literal(true),
  status: z.enum(['confirmed', 'already-confirmed']),
  message: z.string(),
  /** The address confirmed: the sign-in the page leads to opens with it filled in. */
  email: z.string(),
});
export type ApplicantConfirmResponse = z.infer<typeof applicantConfirmResponse>;

/** Where the confirmation e-mail's link opens (the page sends its token to the API). */
export const APPLICANT_CONFIRM_PATH = pagePaths.applicantConfirmEmail;

/** POST /api/jobs/{id}/apply (201). */
export const applyResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  applicationId: z.string(),
  fileDetails: z.object({ originalname: z.string(), mimetype: z.string(), size: z.number() }),
  /** True when the application waits for the applicant's e-mail confirmation before it goes on. */
  held: z.boolean(),
});
export type ApplyResponse = z.infer<typeof applyResponse>;

/** The recruitment services block. */
export const recruitmentServicesRecord = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  mainImage: z.string(),
  /** Its alt text: the editor's, else the block's title. */
  mainImageAlt: z.string(),
  services: z.array(
    z.object({ _id: z.string(), title: z.string(), description: z.string(), icon: z.string() }),
  ),
});
export type RecruitmentServicesRecord = z.infer<typeof recruitmentServicesRecord>;

/** The stored block (content/recruitment-services.json) as the API and the build serve it. */
export function toRecruitmentServicesRecord(block: {
  title: string;
  description: string;
  mainImage: string;
  mainImageAlt?: string | null | undefined;
  services: { id: string; title: string; description: string; icon: string }[];
}): RecruitmentServicesRecord {
  return {
    _id: 'recruitment-services',
    title: block.title,
    description: block.description,
    mainImage: block.mainImage,
    // Left out by an API client or the seed: the block's title.
    mainImageAlt: block.mainImageAlt || block.title,
    services: block.services.map(({ id, ...s }) => ({ _id: id, ...s })),
  };
}

/** GET /api/recruitment-services: the record as a one-element array (none when there is no record). */
export const recruitmentServicesResponse = z.array(recruitmentServicesRecord);

/** POST /api/assistance-requests (201): the thank-you sentence and the new request's id. */
export const assistanceRequestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.string(),
});
export type AssistanceRequestResponse = z.infer<typeof assistanceRequestResponse>;

export interface StrategyCard {
  id: number;
  title: string;
  icon: 'users' | 'refresh' | 'clipboard' | 'check';
  description: string;
  extendedDescription: string[];
}
