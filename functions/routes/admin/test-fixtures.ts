// Fixture rows for the admin API tests, inserted straight into D1 (the public forms that write
// these rows live in other branches).
import { env } from 'cloudflare:test';
import { createDb } from '../../../db/client.ts';
import * as t from '../../../db/schema/index.ts';
import { hashPassword } from '../../services/passwords.ts';
import { sessionToken } from '../../test/sessions.ts';
import type { AccountType } from '../../../db/schema/index.ts';
import { STAFF_SESSION_COOKIE } from '../../lib/staff-cookies.ts';
import { newTotpSecret } from '../../services/staff-mfa.ts';
import type { JobApplicationStatus, PartnerRequestStatus, ProgramApplicationStatus } from '../../../schemas/pipelines.ts';

export const db = createDb(env.DB);
const uid = () => crypto.randomUUID();
const short = () => uid().slice(0, 8);

export const tokenFor = (aud: AccountType, sub: string, role: string) => sessionToken({ sub, aud, role });

let passwordHash: Promise<string> | undefined;
export const STAFF_PASSWORD = 'correct horse battery';

/**
 * A staff member and a session token for them. Admins get a second factor that is on (the back
 * office refuses admins without one); `mfa: false` leaves it off, `mfa: true` turns it on for an editor.
 */
export async function makeStaff(role: 'admin' | 'editor' = 'admin', extra: Partial<typeof t.staff.$inferInsert> = {}, { mfa = role === 'admin' } = {}) {
  passwordHash ??= hashPassword(STAFF_PASSWORD);
  const row = { id: uid(), name: `Staff ${short()}`, email: `staff-${short()}@example.com`, role, isVerified: true, isActive: true, passwordHash: await passwordHash, ...extra };
  await db.insert(t.staff).values(row);
  const totpSecret = mfa ? newTotpSecret() : null;
  if (totpSecret) await db.insert(t.staffMfa).values({ staffId: row.id, secret: totpSecret, confirmedAt: new Date() });
  return { ...row, totpSecret, token: await tokenFor('staff', row.id, role) };
}

export async function makeStudent() {
  const row = { id: uid(), fullName: `Student ${short()}`, academicStatus: 'Undergraduate', contactNumber: `07700${Math.floor(Math.random() * 1e6)}`, currentAddress: '1 High St, Leeds', email: `student-${short()}@example.com`, passwordHash: 'x', isVerified: true };
  await db.insert(t.users).values(row);
  return row;
}

export async function makeApplication(status: ProgramApplicationStatus = 'submitted') {
  const student = await makeStudent();
  const [subject] = await db.select({ id: t.subjects.id, name: t.subjects.name }).from(t.subjects).limit(1);
  const row = { id: uid(), userId: student.id, subjectId: subject!.id, status };
  await db.insert(t.programApplications).values(row);
  return { ...row, student, subject: subject! };
}

export async function makePartner(extra: Partial<typeof t.partners.$inferInsert> = {}) {
  const row = {
    id: uid(), companyName: `Acme ${short()} Ltd`, companyHQ: 'London', ownerFirstName: 'Olu', ownerLastName: 'Ade', ownerPhoneNumber: '02079460001',
    ownerDesignation: 'CEO', ownerNationality: 'British', contactFirstName: 'Cara', contactLastName: 'Doe', contactDesignation: 'HR',
    contactPhoneNumber: '02079460002', contactEmail: `hr-${short()}@example.com`, email: `partner-${short()}@example.com`, passwordHash: 'x', isVerified: true, ...extra,
  };
  await db.insert(t.partners).values(row);
  return row;
}

export const hiringData = {
  companyName: 'Acme Foods Ltd', jobTitle: 'Warehouse Operative', department: 'Logistics', jobDescription: 'Pick and pack orders.',
  employmentType: 'full-time', salaryRange: '£12–£14 per hour', requiredQualifications: 'None', requiredExperience: '6 months',
  skillsRequired: ['Forklift', 'Teamwork'], jobResponsibilities: 'Loading, stock counts', benefits: 'Pension', numberOfPositions: 3,
  location: 'Leeds', applicationDeadline: '2027-03-31', contactEmail: 'jobs@example.com', contactPhone: '02079460003',
};

export async function makePartnerRequest(type: 'student' | 'employee' = 'employee', status: PartnerRequestStatus = 'submitted') {
  const partner = await makePartner();
  const row = { id: uid(), partnerId: partner.id, type, title: type === 'employee' ? 'Warehouse Operative' : 'BSc Nursing for 4 students', data: type === 'employee' ? hiringData : { studentName: 'Ann' }, status };
  await db.insert(t.partnerRequests).values(row);
  return { ...row, partner };
}

export async function makeJobApplication(status: JobApplicationStatus = 'received') {
  const applicant = { id: uid(), fullName: `Applicant ${short()}`, phone: '07700900123', email: `applicant-${short()}@example.com`, passwordHash: 'x', isVerified: true, emailConfirmedAt: new Date() };
  await db.insert(t.jobApplicants).values(applicant);
  const [job] = await db.select({ id: t.jobs.id, title: t.jobs.title }).from(t.jobs).limit(1);
  const resumeKey = `cvs/${uid()}.pdf`;
  await env.FILES.put(resumeKey, '%PDF-1.4 test cv', { httpMetadata: { contentType: 'application/pdf' } });
  const row = { id: uid(), jobId: job!.id, applicantId: applicant.id, coverLetter: 'I would love this job.', resumeKey, resumeName: 'Ann CV.pdf', resumeType: 'application/pdf', resumeSize: 16, status, forwardedAt: new Date() };
  await db.insert(t.jobApplications).values(row);
  return { ...row, applicant, job: job! };
}

export async function makeContactMessage(extra: Partial<typeof t.contactMessages.$inferInsert> = {}) {
  const row = { id: uid(), kind: 'home' as const, fullName: `Visitor ${short()}`, email: `visitor-${short()}@example.com`, subject: 'Visa question', message: 'How long does a student visa take?', ...extra };
  await db.insert(t.contactMessages).values(row);
  return row;
}

export async function makeAssistanceRequest(extra: Partial<typeof t.assistanceRequests.$inferInsert> = {}) {
  const row = {
    id: uid(), companyName: `Builder ${short()} plc`, phoneNumber: '02079460004', contactName: 'Bob Stone', email: `employer-${short()}@example.com`,
    postcode: 'LS1 1AA', country: 'United Kingdom', category: ['Construction'], message: 'We need 10 labourers.', termsAccepted: true, ...extra,
  };
  await db.insert(t.assistanceRequests).values(row);
  return row;
}

export async function makePayment(extra: Partial<typeof t.payments.$inferInsert> = {}) {
  const row = { id: uid(), intentId: `pi_${short()}`, amount: 1000, currency: 'usd', payerName: `Payer ${short()}`, payerEmail: `payer-${short()}@example.com`, status: 'succeeded' as const, ...extra };
  await db.insert(t.payments).values(row);
  return row;
}

/** Staff credentials as a browser on the site sends them: the session cookie, from the site's origin. */
export const auth = (token: string) => ({ Cookie: `${STAFF_SESSION_COOKIE}=${token}`, Origin: 'http://127.0.0.1:8787' });

/** The value a response sets for a cookie (undefined when it sets none; '' when it deletes it). */
export function cookieFrom(res: Response, name: string) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    if (pair!.slice(0, at).trim() === name) return decodeURIComponent(pair!.slice(at + 1));
  }
  return undefined;
}
