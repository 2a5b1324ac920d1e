import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode } from './mailbox.ts';

// Accounts a browser test makes through the API (registered and verified by the e-mailed code, as a
// person would), and the sessions it hands the page.

/** Headers for each set-up call, e.g. an address of its own clear of the per-address limits. */
type Headers = () => Record<string, string>;
const none: Headers = () => ({});

/** Registers a student through the API and verifies the account with the e-mailed code. */
export async function verifiedStudent(
  request: APIRequestContext,
  form: {
    fullName: string;
    academicStatus: string;
    contactNumber: string;
    email: string;
    currentAddress: string;
    password: string;
  },
  headers = none,
) {
  const res = await request.post('/api/users/register/', { headers: headers(), data: form });
  expect(res.status()).toBe(201);
  const { userId } = (await res.json()) as { userId: string };
  const verify = await request.post('/api/users/verify-otp', {
    headers: headers(),
    data: { userId, otp: await latestCode(request, form.email) },
  });
  expect(verify.status()).toBe(200);
  return userId;
}

/** A partner registration's fields with made-up people and numbers; `overrides` names the ones a test reads. */
export const partnerForm = (
  overrides: { ownerEmail: string; password: string } & Record<string, string>,
) => ({
  companyName: 'Test Partner Ltd',
  companyHQ: 'Leeds',
  ownerFirstName: 'Pat',
  ownerLastName: 'Owner',
  ownerPhoneNumber: '020 7946 0100',
  ownerDesignation: 'CEO',
  ownerNationality: 'British',
  contactFirstName: 'Sam',
  contactLastName: 'Reed',
  contactDesignation: 'HR',
  contactPhoneNumber: '020 7946 0101',
  contactEmail: `contact-${overrides.ownerEmail}`,
  ...overrides,
});

/** Registers a partner through the API and verifies the account with the e-mailed code. */
export async function verifiedPartner(
  request: APIRequestContext,
  form: ReturnType<typeof partnerForm>,
  headers = none,
) {
  const res = await request.post('/api/partner/register', { headers: headers(), data: form });
  expect(res.status()).toBe(201);
  const verify = await request.post('/api/partner/verify-otp', {
    headers: headers(),
    data: { email: form.ownerEmail, otp: await latestCode(request, form.ownerEmail) },
  });
  expect(verify.status()).toBe(200);
}

/** Stores a session the way the sign-in pages do, before the page's scripts run. */
export async function storeSession(page: Page, entries: Record<string, string>) {
  await page.addInitScript((values) => {
    // Only on the first load: a sign-out that clears storage must stay cleared after it navigates.
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

/** The entries the student login page stores for a session. */
export const studentSession = (session: { token: string; user?: unknown }) => ({
  userToken: session.token,
  token: session.token,
  user: JSON.stringify(session.user),
});

/** What the browser holds of a student session: all null once signed out. */
export const storedStudentSession = (page: Page) =>
  page.evaluate(() => [
    localStorage.getItem('userToken'),
    localStorage.getItem('token'),
    localStorage.getItem('user'),
  ]);

/** Registers a job applicant through the API; answers their e-mail and token (stored as `applicantToken`). */
export async function registeredApplicant(
  request: APIRequestContext,
  form: { fullName: string; email: string; password: string; phone?: string },
  headers = none,
) {
  const res = await request.post('/api/job-applicants/register', {
    headers: headers(),
    data: { phone: '020 7946 0222', ...form },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  return { email: form.email, token };
}

/** Sends a job application with a small PDF as the applicant, through the API. */
export async function appliedToJob(request: APIRequestContext, jobId: string, token: string, headers = none) {
  const res = await request.post(`/api/jobs/${encodeURIComponent(jobId)}/apply`, {
    headers: { ...headers(), 'X-Applicant-Token': token },
    multipart: {
      coverLetter: 'I have three years of experience in this kind of work.',
      resume: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: TINY_PDF },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The smallest PDF the server's byte check accepts. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
