/**
 * The specs' fixed URLs, defined once for the site and the Worker: the pages people land on and the
 * API mount paths. They are kept exactly as the specs write them, typos included
 * (`/profile-bashboard-student`, `/api/missionvission`), because links and bookmarks depend on them.
 * The code names the concept (an application, a partner request); the URL is only where it is
 * served. docs/glossary.md maps the specs' words to the code's.
 */

/**
 * The two dashboards, one export each as well as in `pagePaths`: the site header's script is in
 * every page's script (scripts/build/page-scripts.ts) and links only these, and the bundler keeps an
 * object literal whole.
 */
export const STUDENT_DASHBOARD_PATH = '/profile-bashboard-student';
export const PARTNER_DASHBOARD_PATH = '/partnerdashboard';
/** The job applicant's dashboard, one export too: the job list links it without the whole object. */
export const APPLICANT_DASHBOARD_PATH = '/my-applications';

/** Pages (spec 1 section 2, spec 2 sections 2 and 4, 0-decisions). */
export const pagePaths = {
  home: '/',
  /** Student sign-in. */
  login: '/login',
  studentRegistration: '/registration-step-to-step',
  /** The student dashboard, where program applications are followed. */
  studentDashboard: STUDENT_DASHBOARD_PATH,
  partnerLogin: '/login-partner-account',
  partnerRegistration: '/become-our-partner-registerhere',
  partnerVerification: '/verify-your-partner-account',
  /** The partner dashboard, where partner requests are followed. */
  partnerDashboard: PARTNER_DASHBOARD_PATH,
  /** The job applicant's dashboard, where job applications are followed. */
  applicantDashboard: APPLICANT_DASHBOARD_PATH,
  /** Where the applicant's e-mail confirmation link lands. */
  applicantConfirmEmail: '/my-applications/confirm-email',
  jobs: '/job',
  recruitments: '/recruitments',
  admin: '/admin',
  /** Booking a free consultation with a counsellor. */
  bookConsultation: '/book-consultation',
} as const;

/** A job's page. */
export const jobPath = (id: string) => `${pagePaths.jobs}/${encodeURIComponent(id)}`;
/** Where a booked consultation is seen, moved or cancelled (with its signed token as `?t=`). */
export const consultationPath = (id: string) => `/consultation/${encodeURIComponent(id)}`;
/** A program's (subject's) page. */
export const subjectPath = (id: string) => `/subject/${encodeURIComponent(id)}`;

/**
 * API mount paths the specs fix (functions/index.ts mounts each router at one of them). The key is
 * the code's name for the resource; the value is the spec's URL.
 */
export const apiPaths = {
  users: '/api/users',
  /** Program applications (the spec's "subscriptions"): POST to apply, GET …/mine to list. */
  applications: '/api/subscriptions',
  partner: '/api/partner',
  /** Partner requests (admission and hiring): POST …/submit. */
  partnerRequests: '/api/hiringrequest',
  jobApplicants: '/api/job-applicants',
  jobs: '/api/jobs',
  jobSearch: '/api/applyjobs',
  missionVision: '/api/missionvission',
  admin: '/api/admin',
} as const;

/**
 * Where the build puts the API reference page's renderer (swagger-ui-dist's bundle and stylesheet,
 * copied by scripts/build/api-reference.ts), read by GET /api/docs.
 */
export const apiReferenceAssets = '/vendor/swagger-ui';
