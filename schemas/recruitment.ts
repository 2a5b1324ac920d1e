import { z } from 'zod';

/**
 * The recruitment area's contract (spec 2): the assistance request, job-applicant accounts,
 * applications and the job list's filters. Messages are the specs' where they give one.
 */

/** Every country and territory people apply from, alphabetical (the spec's 46 were incomplete). */
export const countryNames = [
  'Afghanistan', 'Albania', 'Algeria', 'Andorra', 'Angola', 'Antigua and Barbuda', 'Argentina', 'Armenia', 'Australia', 'Austria',
  'Azerbaijan', 'Bahamas', 'Bahrain', 'Bangladesh', 'Barbados', 'Belarus', 'Belgium', 'Belize', 'Benin', 'Bhutan',
  'Bolivia', 'Bosnia and Herzegovina', 'Botswana', 'Brazil', 'Brunei', 'Bulgaria', 'Burkina Faso', 'Burundi', 'Cabo Verde', 'Cambodia',
  'Cameroon', 'Canada', 'Central African Republic', 'Chad', 'Chile', 'China', 'Colombia', 'Comoros', 'Congo', 'Costa Rica',
  "Côte d'Ivoire", 'Croatia', 'Cuba', 'Cyprus', 'Czechia', 'Democratic Republic of the Congo', 'Denmark', 'Djibouti', 'Dominica', 'Dominican Republic',
  'Ecuador', 'Egypt', 'El Salvador', 'Equatorial Guinea', 'Eritrea', 'Estonia', 'Eswatini', 'Ethiopia', 'Fiji', 'Finland',
  'France', 'Gabon', 'Gambia', 'Georgia', 'Germany', 'Ghana', 'Greece', 'Grenada', 'Guatemala', 'Guinea',
  'Guinea-Bissau', 'Guyana', 'Haiti', 'Honduras', 'Hong Kong', 'Hungary', 'Iceland', 'India', 'Indonesia', 'Iran',
  'Iraq', 'Ireland', 'Israel', 'Italy', 'Jamaica', 'Japan', 'Jordan', 'Kazakhstan', 'Kenya', 'Kiribati',
  'Kosovo', 'Kuwait', 'Kyrgyzstan', 'Laos', 'Latvia', 'Lebanon', 'Lesotho', 'Liberia', 'Libya', 'Liechtenstein',
  'Lithuania', 'Luxembourg', 'Macau', 'Madagascar', 'Malawi', 'Malaysia', 'Maldives', 'Mali', 'Malta', 'Marshall Islands',
  'Mauritania', 'Mauritius', 'Mexico', 'Micronesia', 'Moldova', 'Monaco', 'Mongolia', 'Montenegro', 'Morocco', 'Mozambique',
  'Myanmar', 'Namibia', 'Nauru', 'Nepal', 'Netherlands', 'New Zealand', 'Nicaragua', 'Niger', 'Nigeria', 'North Korea',
  'North Macedonia', 'Norway', 'Oman', 'Pakistan', 'Palau', 'Palestine', 'Panama', 'Papua New Guinea', 'Paraguay', 'Peru',
  'Philippines', 'Poland', 'Portugal', 'Puerto Rico', 'Qatar', 'Romania', 'Russia', 'Rwanda', 'Saint Kitts and Nevis', 'Saint Lucia',
  'Saint Vincent and the Grenadines', 'Samoa', 'San Marino', 'Sao Tome and Principe', 'Saudi Arabia', 'Senegal', 'Serbia', 'Seychelles', 'Sierra Leone', 'Singapore',
  'Slovakia', 'Slovenia', 'Solomon Islands', 'Somalia', 'South Africa', 'South Korea', 'South Sudan', 'Spain', 'Sri Lanka', 'Sudan',
  'Suriname', 'Sweden', 'Switzerland', 'Syria', 'Taiwan', 'Tajikistan', 'Tanzania', 'Thailand', 'Timor-Leste', 'Togo',
  'Tonga', 'Trinidad and Tobago', 'Tunisia', 'Turkey', 'Turkmenistan', 'Tuvalu', 'Uganda', 'Ukraine', 'United Arab Emirates', 'United Kingdom',
  'United States', 'Uruguay', 'Uzbekistan', 'Vanuatu', 'Vatican City', 'Venezuela', 'Vietnam', 'Yemen', 'Zambia', 'Zimbabwe',
] as const;

export const DEFAULT_COUNTRY = 'United Kingdom';
export const TERMS_MESSAGE = 'You must accept the Terms & Conditions!';
export const CATEGORY_MESSAGE = 'Please select a category!';

const required = (label: string, max = 200) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const email = z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')).transform((e) => e.toLowerCase());

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

const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').min(6, 'Password must be at least 6 characters').max(200, 'Password is too long');

/** Applicant authentication (spec 2 section 5). */
export const applicantLoginSchema = z.object({ email, password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200) });
export const applicantRegisterSchema = z.object({
  fullName: required('Full name', 120),
  email,
  phone: required('Phone', 40),
  password,
});

/** The cover letter of an application (the resume file is checked by its bytes on the server). */
export const coverLetterSchema = z.string({ error: 'Cover letter is required' }).trim().min(1, 'Cover letter is required').max(10_000, 'Cover letter is too long (10,000 characters at most)');

/** Server-side filters of GET /api/applyjobs. Any of them switches the answer to a page object. */
export const JOBS_PAGE_SIZE = 3;
export const jobsQuery = z.object({
  q: z.string().max(200).optional(),
  category: z.string().max(120).optional(),
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(100_000).optional(),
});

/** A job in the list (spec 2 section 3: job from the server). */
export interface JobSummary {
  _id: string;
  title: string;
  description: string;
  category: string;
  company: string;
  location: string;
  startDate: string;
  endDate: string;
  recruitmentType: string;
}

/** GET /api/applyjobs with q, category or page. */
export interface JobsPage {
  jobs: JobSummary[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  /** Every category of the open jobs, alphabetical (the filter's options after 'All categories'). */
  categories: string[];
}

/** GET /api/jobs/{id}: every field of the static sample job (position = title), plus the list fields. */
export interface JobDetail extends JobSummary {
  id: string;
  position: string;
  address: string;
  employment: string[];
  schedule: string;
  payment: string;
  hiring: string;
  urgent: boolean;
  tags: string[];
  type: string;
  requirements: string[];
  companyInfo: { name: string; website: string; about: string; logo?: string };
  status: 'open' | 'closed';
}

export const applicationStatuses = ['received', 'shortlisted', 'interview', 'offer', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** One of an applicant's own applications (GET /api/job-applicants/applications). */
export interface MyApplication {
  _id: string;
  jobId: string;
  jobTitle: string;
  company: string;
  location: string;
  status: ApplicationStatus;
  resumeName: string;
  appliedAt: string;
}

export interface ApplyResponse {
  success: true;
  message: string;
  applicationId: string;
  fileDetails: { originalname: string; mimetype: string; size: number };
}

export interface RecruitmentServicesRecord {
  _id: string;
  title: string;
  description: string;
  mainImage: string;
  services: { _id: string; title: string; description: string; icon: string }[];
}

export interface StrategyCard {
  id: number;
  title: string;
  icon: 'users' | 'refresh' | 'clipboard' | 'check';
  description: string;
  extendedDescription: string[];
}
