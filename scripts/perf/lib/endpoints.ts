// Every API endpoint the specs and spec/0-decisions.md name, with a plausible valid body. The
// load test and the fuzzer run against the ones the server really has; the rest are reported as
// skipped, so the same scripts cover the product after each feature branch is merged. Kept by hand
// (the samples are), and checked: functions/endpoint-list.test.ts fails for a route of the Worker's
// that is not here.

export type BodyKind = 'none' | 'json' | 'multipart';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with {id}-style placeholders filled from `ids` when probed. */
  path: string;
  body: BodyKind;
  /** Needs a token (the fuzzer then expects 401/403 without one, never a 5xx). */
  auth?: 'student' | 'partner' | 'applicant' | 'staff';
  /** A well-formed body, used by the load test and as the fuzzer's seed. */
  sample?: Record<string, unknown>;
  /** For multipart uploads: the file field's name. */
  fileField?: string;
}

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '020 7946 0123',
  subject: 'Study in the UK',
  country: 'United Kingdom',
  message: 'I would like advice on master’s programs.',
};

/** A sign-in that fails (an unknown address): the load test never signs anyone in by accident. */
const wrongSignIn = { email: 'nobody@example.com', password: 'wrong-password-1' };

/**
 * The e-mail code and password endpoints students and partners both have under their base path:
 * confirm and resend the registration code (`owner` names the account as that API does), sign
 * in, forgotten and reset password.
 */
const accountEndpoints = (base: string, owner: Record<string, string>): Endpoint[] => [
  { method: 'POST', path: `${base}/verify-otp`, body: 'json', sample: { ...owner, otp: '000000' } },
  { method: 'POST', path: `${base}/resend-otp`, body: 'json', sample: owner },
  { method: 'POST', path: `${base}/login`, body: 'json', sample: wrongSignIn },
  { method: 'POST', path: `${base}/forgot-password`, body: 'json', sample: { email: 'nobody@example.com' } },
  {
    method: 'POST',
    path: `${base}/reset-password`,
    body: 'json',
    sample: { email: 'nobody@example.com', code: '000000', password: 'Str0ng!Passw0rd' },
  },
];

export const endpoints: Endpoint[] = [
  // Public reads (foundation).
  { method: 'GET', path: '/api/subjects', body: 'none' },
  { method: 'GET', path: '/api/subjects/search?q=data', body: 'none' },
  { method: 'GET', path: '/api/subjects/{subject}', body: 'none' },
  { method: 'GET', path: '/api/countries', body: 'none' },
  { method: 'GET', path: '/api/countries/{country}', body: 'none' },
  { method: 'GET', path: '/api/universities', body: 'none' },
  { method: 'GET', path: '/api/universities/{university}', body: 'none' },
  { method: 'GET', path: '/api/departments', body: 'none' },
  { method: 'GET', path: '/api/features', body: 'none' },
  { method: 'GET', path: '/api/services', body: 'none' },
  { method: 'GET', path: '/api/missionvission', body: 'none' },
  { method: 'GET', path: '/api/about-mission-vision', body: 'none' },
  { method: 'GET', path: '/api/about', body: 'none' },
  { method: 'GET', path: '/api/recruitment-services', body: 'none' },
  { method: 'GET', path: '/api/applyjobs', body: 'none' },
  { method: 'GET', path: '/api/jobs/{job}', body: 'none' },
  // The program finder (issue 17).
  {
    method: 'GET',
    path: '/api/programs?country=united-kingdom&maxFee=30000&currency=GBP&sort=fee',
    body: 'none',
  },
  { method: 'GET', path: '/api/programs/compare?ids={subject},{subject}-x', body: 'none' },
  { method: 'GET', path: '/api/programs/{subject}/costs', body: 'none' },
  { method: 'GET', path: '/api/users/saved-programs', body: 'none', auth: 'student' },
  { method: 'PUT', path: '/api/users/saved-programs/{subject}', body: 'none', auth: 'student' },
  { method: 'DELETE', path: '/api/users/saved-programs/{subject}', body: 'none', auth: 'student' },
  {
    method: 'POST',
    path: '/api/users/saved-programs/merge',
    body: 'json',
    auth: 'student',
    sample: { subjectIds: ['{subject}'] },
  },
  // Public forms.
  { method: 'POST', path: '/api/contact', body: 'json', sample: contact },
  {
    method: 'POST',
    path: '/api/sendsmsus',
    body: 'json',
    sample: {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      nnumber: '020 7946 0123',
      details: 'Please call me back.',
    },
  },
  {
    method: 'POST',
    path: '/api/assistance-requests',
    body: 'json',
    sample: {
      companyName: 'Example Ltd',
      phoneNumber: '020 7946 0123',
      contactName: 'Ada Lovelace',
      email: 'ada@example.com',
      postcode: 'LS1 1AA',
      country: 'United Kingdom',
      category: ['Hospitality'],
      message: 'Help us hire abroad.',
    },
  },
  { method: 'GET', path: '/api/files/images/00000000-0000-0000-0000-000000000000.png', body: 'none' },
  // Content images (issue 31): a variant, and the address content stores.
  { method: 'GET', path: '/api/images/00000000000000000000/640.avif', body: 'none' },
  { method: 'GET', path: '/api/images/00000000000000000000-800x600-123456.jpg', body: 'none' },
  // Students.
  { method: 'POST', path: '/api/users/check-email', body: 'json', sample: { email: 'ada@example.com' } },
  {
    method: 'POST',
    path: '/api/users/register/',
    body: 'json',
    sample: {
      fullName: 'Ada Lovelace',
      academicStatus: 'Undergraduate',
      contactNumber: '02079460123',
      email: 'ada@example.com',
      currentAddress: '1 Example Street, London',
      password: 'Str0ng!Passw0rd',
    },
  },
  ...accountEndpoints('/api/users', { userId: 'nobody' }),
  { method: 'GET', path: '/api/users/profile', body: 'none', auth: 'student' },
  {
    method: 'POST',
    path: '/api/users/education',
    body: 'json',
    auth: 'student',
    sample: {
      educationLevel: 'Bachelor',
      instituteName: 'Example University',
      program: 'Computing',
      degree: 'BSc',
    },
  },
  { method: 'DELETE', path: '/api/users/education/x', body: 'none', auth: 'student' },
  {
    method: 'POST',
    path: '/api/users/document',
    body: 'multipart',
    auth: 'student',
    fileField: 'document',
    sample: { documentType: 'Academic Transcript' },
  },
  { method: 'GET', path: '/api/users/document/x', body: 'none', auth: 'student' },
  { method: 'DELETE', path: '/api/users/document/x', body: 'none', auth: 'student' },
  {
    method: 'POST',
    path: '/api/users/language',
    body: 'json',
    auth: 'student',
    sample: { qualification: 'IELTS 7.5' },
  },
  { method: 'DELETE', path: '/api/users/language/x', body: 'none', auth: 'student' },
  {
    method: 'POST',
    path: '/api/subscriptions',
    body: 'json',
    auth: 'student',
    sample: { subjectId: '{subject}' },
  },
  { method: 'GET', path: '/api/subscriptions/mine', body: 'none', auth: 'student' },
  // Partners.
  {
    method: 'POST',
    path: '/api/partner/register',
    body: 'json',
    sample: {
      companyName: 'Example Ltd',
      companyHQ: 'London',
      ownerFirstName: 'Ada',
      ownerLastName: 'Lovelace',
      ownerEmail: 'partner@example.com',
      ownerPhoneNumber: '02079460123',
      ownerDesignation: 'Director',
      ownerNationality: 'British',
      contactFirstName: 'Ada',
      contactLastName: 'Lovelace',
      contactDesignation: 'HR',
      contactPhoneNumber: '02079460124',
      contactEmail: 'hr@example.com',
      password: 'Str0ng!Passw0rd',
    },
  },
  ...accountEndpoints('/api/partner', { email: 'partner@example.com' }),
  { method: 'GET', path: '/api/partner/profile', body: 'none', auth: 'partner' },
  {
    method: 'PUT',
    path: '/api/partner/profile',
    body: 'json',
    auth: 'partner',
    sample: { companyName: 'Example Ltd' },
  },
  { method: 'GET', path: '/api/partner/requests', body: 'none', auth: 'partner' },
  {
    method: 'POST',
    path: '/api/hiringrequest/submit',
    body: 'json',
    auth: 'partner',
    sample: { type: 'employee', jobTitle: 'Chef', numberOfEmployees: 2, message: 'We are hiring.' },
  },
  // Recruitment.
  {
    method: 'POST',
    path: '/api/job-applicants/register',
    body: 'json',
    sample: {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '02079460123',
      password: 'Str0ng!Passw0rd',
    },
  },
  {
    method: 'POST',
    path: '/api/job-applicants/login',
    body: 'json',
    sample: wrongSignIn,
  },
  // A forgotten password, with the students' rules (issue 30 item 2).
  {
    method: 'POST',
    path: '/api/job-applicants/forgot-password',
    body: 'json',
    sample: { email: 'nobody@example.com' },
  },
  {
    method: 'POST',
    path: '/api/job-applicants/reset-password',
    body: 'json',
    sample: { email: 'nobody@example.com', otp: '000000', password: 'Str0ng!Passw0rd' },
  },
  { method: 'GET', path: '/api/job-applicants/me', body: 'none', auth: 'applicant' },
  { method: 'GET', path: '/api/job-applicants/applications', body: 'none', auth: 'applicant' },
  {
    method: 'POST',
    path: '/api/job-applicants/confirm-email',
    body: 'json',
    sample: { token: 'not.a.token' },
  },
  { method: 'POST', path: '/api/job-applicants/resend-confirmation', body: 'none', auth: 'applicant' },
  {
    method: 'POST',
    path: '/api/jobs/{job}/apply',
    body: 'multipart',
    auth: 'applicant',
    fileField: 'resume',
    sample: { coverLetter: 'I would love to join.' },
  },
  // Privacy, timelines and job alerts (issue 18). The erasure samples carry a wrong password: never a real deletion.
  { method: 'GET', path: '/api/users/me/timeline', body: 'none', auth: 'student' },
  { method: 'POST', path: '/api/users/me/timeline/seen', body: 'none', auth: 'student' },
  { method: 'GET', path: '/api/users/me/export', body: 'none', auth: 'student' },
  {
    method: 'DELETE',
    path: '/api/users/me',
    body: 'json',
    auth: 'student',
    sample: { password: 'not-the-password-1' },
  },
  { method: 'GET', path: '/api/partner/me/timeline', body: 'none', auth: 'partner' },
  {
    method: 'DELETE',
    path: '/api/partner/me',
    body: 'json',
    auth: 'partner',
    sample: { password: 'not-the-password-1' },
  },
  { method: 'GET', path: '/api/job-applicants/me/timeline', body: 'none', auth: 'applicant' },
  {
    method: 'DELETE',
    path: '/api/job-applicants/me',
    body: 'json',
    auth: 'applicant',
    sample: { password: 'not-the-password-1' },
  },
  { method: 'GET', path: '/api/job-alerts', body: 'none', auth: 'applicant' },
  {
    method: 'POST',
    path: '/api/job-alerts',
    body: 'json',
    auth: 'applicant',
    sample: { keywords: 'care assistant', category: 'Healthcare', location: 'Leeds' },
  },
  { method: 'DELETE', path: '/api/job-alerts/x', body: 'none', auth: 'applicant' },
  { method: 'GET', path: '/api/job-alerts/unsubscribe?token=not-a-token', body: 'none' },
  { method: 'POST', path: '/api/job-alerts/unsubscribe?token=not-a-token', body: 'none' },
  // Payment.
  { method: 'GET', path: '/api/payment/config', body: 'none' },
  { method: 'POST', path: '/api/payment/create-payment-intent', body: 'json', sample: { amount: 1000 } },
  {
    method: 'POST',
    path: '/api/payment/webhook',
    body: 'json',
    sample: { type: 'payment_intent.succeeded' },
  },
  { method: 'GET', path: '/api/payment/receipt/x?t=forged', body: 'none' },
  { method: 'POST', path: '/api/payment/receipt/x/link', body: 'json', sample: { t: 'forged' } },
  // Back office.
  {
    method: 'POST',
    path: '/api/admin/auth/login',
    body: 'json',
    sample: wrongSignIn,
  },
  { method: 'GET', path: '/api/admin/auth/me', body: 'none', auth: 'staff' },
  { method: 'POST', path: '/api/admin/auth/mfa', body: 'json', sample: { code: '123456' } },
  {
    method: 'POST',
    path: '/api/admin/auth/mfa/enable',
    body: 'json',
    auth: 'staff',
    sample: { code: '123456' },
  },
  {
    method: 'POST',
    path: '/api/admin/auth/mfa/recovery-codes',
    body: 'json',
    auth: 'staff',
    sample: { code: '123456' },
  },
  { method: 'POST', path: '/api/admin/staff/x/mfa/reset', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/dashboard', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/staff', body: 'none', auth: 'staff' },
  {
    method: 'POST',
    path: '/api/admin/staff',
    body: 'json',
    auth: 'staff',
    sample: {
      name: 'Fuzz Editor',
      email: 'editor@example.com',
      role: 'editor',
      password: 'Str0ng!Passw0rd#2026',
    },
  },
  { method: 'PATCH', path: '/api/admin/staff/x', body: 'json', auth: 'staff', sample: { role: 'editor' } },
  {
    method: 'POST',
    path: '/api/admin/staff/x/password',
    body: 'json',
    auth: 'staff',
    sample: { password: 'Str0ng!Passw0rd#2026' },
  },
  { method: 'GET', path: '/api/admin/inbox', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/inbox/contact/x', body: 'none', auth: 'staff' },
  {
    method: 'PATCH',
    path: '/api/admin/inbox/contact/x',
    body: 'json',
    auth: 'staff',
    sample: { status: 'read' },
  },
  {
    method: 'POST',
    path: '/api/admin/inbox/contact/x/reply',
    body: 'json',
    auth: 'staff',
    sample: { message: 'Thank you.' },
  },
  { method: 'GET', path: '/api/admin/subscriptions', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/subscriptions/x', body: 'none', auth: 'staff' },
  {
    method: 'POST',
    path: '/api/admin/subscriptions/x/status',
    body: 'json',
    auth: 'staff',
    sample: { status: 'accepted', note: 'ok' },
  },
  { method: 'GET', path: '/api/admin/partners', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/partners/x', body: 'none', auth: 'staff' },
  {
    method: 'POST',
    path: '/api/admin/partners/x/status',
    body: 'json',
    auth: 'staff',
    sample: { status: 'approved' },
  },
  { method: 'GET', path: '/api/admin/partner-requests', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/partner-requests/x', body: 'none', auth: 'staff' },
  {
    method: 'POST',
    path: '/api/admin/partner-requests/x/status',
    body: 'json',
    auth: 'staff',
    sample: { status: 'approved' },
  },
  {
    method: 'POST',
    path: '/api/admin/partner-requests/x/create-job',
    body: 'json',
    auth: 'staff',
    sample: {},
  },
  { method: 'GET', path: '/api/admin/job-applications', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/job-applications/x', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/job-applications/x/cv', body: 'none', auth: 'staff' },
  {
    method: 'POST',
    path: '/api/admin/job-applications/x/status',
    body: 'json',
    auth: 'staff',
    sample: { status: 'shortlisted' },
  },
  { method: 'GET', path: '/api/admin/payments', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/payments/x', body: 'none', auth: 'staff' },
  {
    method: 'POST',
    path: '/api/admin/payments/x/refunds',
    body: 'json',
    auth: 'staff',
    sample: {
      amount: 100,
      reason: 'requested_by_customer',
      requestId: '00000000-0000-4000-8000-000000000000',
    },
  },
  { method: 'GET', path: '/api/admin/content/countries', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/content/countries/x', body: 'none', auth: 'staff' },
  {
    method: 'POST',
    path: '/api/admin/content/departments',
    body: 'json',
    auth: 'staff',
    sample: { name: 'Fuzz department' },
  },
  {
    method: 'PUT',
    path: '/api/admin/content/departments/x',
    body: 'json',
    auth: 'staff',
    sample: { name: 'Fuzz department' },
  },
  {
    method: 'POST',
    path: '/api/admin/content/departments/x/retire',
    body: 'json',
    auth: 'staff',
    sample: {},
  },
  {
    method: 'POST',
    path: '/api/admin/uploads',
    body: 'multipart',
    auth: 'staff',
    fileField: 'file',
    sample: {},
  },
  { method: 'GET', path: '/api/admin/images/00000000000000000000', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/publish/status', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/audit', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/audit/x', body: 'none', auth: 'staff' },
  // Found by functions/endpoint-list.test.ts (routes the list had missed).
  { method: 'GET', path: '/api/health', body: 'none' },
  { method: 'GET', path: '/api/dev/outbox', body: 'none' },
  // The build's own API: its bearer token only (the fuzzer has none: 401, never a 5xx).
  { method: 'GET', path: '/api/build/snapshot', body: 'none' },
  { method: 'POST', path: '/api/build/done', body: 'json', sample: { version: 1 } },
  // Each account's own data and its timeline.
  { method: 'GET', path: '/api/job-applicants/me/export', body: 'none', auth: 'applicant' },
  { method: 'POST', path: '/api/job-applicants/me/timeline/seen', body: 'none', auth: 'applicant' },
  { method: 'GET', path: '/api/partner/me/export', body: 'none', auth: 'partner' },
  { method: 'POST', path: '/api/partner/me/timeline/seen', body: 'none', auth: 'partner' },
  // The back office.
  { method: 'POST', path: '/api/admin/auth/mfa/setup', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/subscriptions/x/documents/x', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/site-settings', body: 'none', auth: 'staff' },
  { method: 'PUT', path: '/api/admin/site-settings', body: 'json', auth: 'staff' },
  { method: 'PUT', path: '/api/admin/site-settings/contacts', body: 'json', auth: 'staff' },
  { method: 'POST', path: '/api/admin/publish', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/mail', body: 'none', auth: 'staff' },
  { method: 'POST', path: '/api/admin/mail/x/retry', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/privacy/people', body: 'none', auth: 'staff' },
  { method: 'GET', path: '/api/admin/privacy/x/x/export', body: 'none', auth: 'staff' },
  { method: 'DELETE', path: '/api/admin/privacy/x/x', body: 'none', auth: 'staff' },
  // Last: signing out ends the sessions the fuzzer's other requests use.
  { method: 'POST', path: '/api/users/logout', body: 'none', auth: 'student' },
  { method: 'POST', path: '/api/users/logout-all', body: 'none', auth: 'student' },
  { method: 'POST', path: '/api/partner/logout', body: 'none', auth: 'partner' },
  { method: 'POST', path: '/api/partner/logout-all', body: 'none', auth: 'partner' },
  { method: 'POST', path: '/api/job-applicants/logout', body: 'none', auth: 'applicant' },
  { method: 'POST', path: '/api/job-applicants/logout-all', body: 'none', auth: 'applicant' },
  { method: 'POST', path: '/api/admin/auth/logout', body: 'none', auth: 'staff' },
  { method: 'POST', path: '/api/admin/auth/logout-all', body: 'none', auth: 'staff' },
];

/** Real ids to put in paths, read from the running server (fallbacks keep paths well-formed). */
export async function discoverIds(url: string) {
  const ids: Record<string, string> & { subject: string; country: string; university: string; job: string } =
    { subject: 'msc-data-science-university-of-leeds', country: 'united-kingdom', university: 'x', job: 'x' };
  const first = async (path: string) => {
    try {
      const res = await fetch(url + path);
      if (!res.ok) return undefined;
      const body = await res.json<unknown>();
      const list = Array.isArray(body)
        ? body
        : ((body as { data?: unknown; jobs?: unknown }).data ?? (body as { jobs?: unknown }).jobs);
      const item = Array.isArray(list) ? (list[0] as { _id?: string; id?: string } | undefined) : undefined;
      return item?._id ?? item?.id;
    } catch {
      return undefined;
    }
  };
  ids.subject = (await first('/api/subjects')) ?? ids.subject;
  ids.country = (await first('/api/countries')) ?? ids.country;
  ids.university = (await first('/api/universities')) ?? ids.university;
  ids.job = (await first('/api/applyjobs')) ?? ids.job;
  return ids;
}

export const fill = (path: string, ids: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(ids[k] ?? 'x'));

export const fillDeep = (value: unknown, ids: Record<string, string>): unknown =>
  typeof value === 'string'
    ? value.replace(/^\{(\w+)\}$/, (_, k: string) => ids[k] ?? 'x')
    : Array.isArray(value)
      ? value.map((v) => fillDeep(v, ids))
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, ids)]))
        : value;

/**
 * Whether the server has the endpoint: its answer is not the Worker's own notFound
 * ("No API endpoint at ..."). A 404 with another message (e.g. 'Subject not found') is present.
 */
export async function isPresent(url: string, ep: Endpoint, ids: Record<string, string>) {
  const init: RequestInit = { method: ep.method };
  if (ep.body === 'json') init.headers = { 'Content-Type': 'application/json' };
  if (ep.body === 'json') init.body = '{}';
  const res = await fetch(url + fill(ep.path, ids), init);
  const text = await res.text();
  return !(res.status === 404 && text.includes('No API endpoint at'));
}
