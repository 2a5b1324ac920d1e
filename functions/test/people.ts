import { env } from 'cloudflare:test';
import { createDb } from '../../db/client.ts';
import * as t from '../../db/schema/index.ts';
import { hashPassword } from '../services/passwords.ts';
import { sessionToken } from './sessions.ts';

/**
 * Accounts of each type with data of every kind (rows, stored files, e-mails, payments, status
 * history), written straight into D1 and R2 for the privacy, timeline and alert tests. One password
 * hash is shared by all of them (hashing costs ~0.5 s here).
 */

export const db = createDb(env.DB);
export const PASSWORD = 'Correct-horse-42';
let hash: Promise<string> | undefined;
const passwordHash = () => (hash ??= hashPassword(PASSWORD));
const uid = () => crypto.randomUUID();
const short = () => uid().slice(0, 8);

/** A small file whose bytes carry a marker, so a test can tell whose file ended up where. */
export const fileBytes = (marker: string, size = 64) => {
  const head = new TextEncoder().encode(`%PDF-1.4\n% ${marker}\n`);
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return bytes;
};

async function storedFile(prefix: string, marker: string, size?: number) {
  const key = `${prefix}/${uid()}.pdf`;
  const bytes = fileBytes(marker, size);
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } });
  return { key, bytes };
}

/** Writes data linked to an address: an e-mail sent to it, a payment and a contact message. */
async function addressRows(email: string, name: string) {
  const now = new Date();
  await db.insert(t.outbox).values({ id: uid(), to: email, subject: `Welcome ${name}`, text: `Hello ${name}`, html: `<p>Hello ${name}</p>`, status: 'sent', attempts: 1, createdAt: now, updatedAt: now });
  const paymentId = uid();
  await db.insert(t.payments).values({ id: paymentId, intentId: `pi_${short()}`, amount: 1000, currency: 'usd', payerName: name, payerEmail: email, status: 'succeeded' });
  await db.insert(t.contactMessages).values({ id: uid(), kind: 'home', fullName: name, email, message: `A question from ${name}` });
  return { paymentId };
}

/** A verified student with education, a language, documents (two share a name), an application moved once, and address rows. */
export async function makeStudentWithData(label = 'student', options: { documents?: { name: string; size?: number }[] } = {}) {
  const id = uid();
  const email = `${label}-${short()}@example.com`;
  const fullName = `${label} ${short()}`;
  await db.insert(t.users).values({ id, fullName, academicStatus: 'Undergraduate', contactNumber: `07${Math.floor(1e8 + Math.random() * 9e8)}`, currentAddress: `1 ${label} Street`, email, passwordHash: await passwordHash(), isVerified: true });
  await db.insert(t.educationRecords).values({ id: uid(), userId: id, educationLevel: 'Bachelor', instituteName: `${label} College`, program: 'Physics', degree: 'BSc' });
  await db.insert(t.languageQualifications).values({ id: uid(), userId: id, qualification: `IELTS ${label}` });
  const docs = [];
  for (const doc of options.documents ?? [{ name: 'passport.pdf' }, { name: 'passport.pdf' }, { name: 'transcript.pdf' }]) {
    const stored = await storedFile(`documents/${id}`, `${label}-${doc.name}-${docs.length}`, doc.size);
    const docId = uid();
    await db.insert(t.documents).values({ id: docId, userId: id, documentType: 'Passport', objectKey: stored.key, originalName: doc.name, contentType: 'application/pdf', size: stored.bytes.length });
    docs.push({ id: docId, name: doc.name, ...stored });
  }
  const [subject] = await db.select({ id: t.subjects.id }).from(t.subjects).limit(1);
  const applicationId = uid();
  const applied = new Date(Date.now() - 60_000);
  await db.insert(t.programApplications).values({ id: applicationId, userId: id, subjectId: subject!.id, status: 'in_review', createdAt: applied, updatedAt: applied });
  // A program saved in the finder (issue 17): the student's too, so exported and erased with them.
  await db.insert(t.savedPrograms).values({ userId: id, subjectId: subject!.id });
  await db.insert(t.statusChanges).values({ id: uid(), entity: 'subscription', entityId: applicationId, fromStatus: 'submitted', toStatus: 'in_review', note: `Note for ${fullName}` });
  const { paymentId } = await addressRows(email, fullName);
  const token = await sessionToken({ sub: id, aud: 'student', role: 'student' });
  return { id, email, fullName, token, documents: docs, applicationId, paymentId, savedProgramId: subject!.id };
}

/** A verified partner with a request moved once and address rows. */
export async function makePartnerWithData(label = 'partner') {
  const id = uid();
  const email = `${label}-${short()}@example.com`;
  await db.insert(t.partners).values({
    id, email, passwordHash: await passwordHash(), isVerified: true, approvalStatus: 'approved', companyName: `${label} Ltd`, companyHQ: 'London', ownerFirstName: label, ownerLastName: 'Owner',
    ownerPhoneNumber: '020 7946 0001', ownerDesignation: 'CEO', ownerNationality: 'British', contactFirstName: 'Pat', contactLastName: 'Contact', contactDesignation: 'HR', contactPhoneNumber: '020 7946 0002', contactEmail: `contact-${short()}@example.com`,
  });
  const requestId = uid();
  await db.insert(t.partnerRequests).values({ id: requestId, partnerId: id, type: 'employee', title: `${label} hiring`, data: { contactEmail: email }, status: 'in_review' });
  await db.insert(t.statusChanges).values({ id: uid(), entity: 'partner_request', entityId: requestId, fromStatus: 'submitted', toStatus: 'in_review' });
  await addressRows(email, `${label} Owner`);
  const token = await sessionToken({ sub: id, aud: 'partner', role: 'partner' });
  return { id, email, token, requestId };
}

/** A job applicant with an application (and its stored CV) and an alert. */
export async function makeApplicantWithData(label = 'applicant') {
  const id = uid();
  const email = `${label}-${short()}@example.com`;
  const fullName = `${label} ${short()}`;
  await db.insert(t.jobApplicants).values({ id, fullName, email, phone: '020 7946 0003', passwordHash: await passwordHash(), isVerified: true, emailConfirmedAt: new Date() });
  const [job] = await db.select({ id: t.jobs.id }).from(t.jobs).limit(1);
  const cv = await storedFile(`resumes/${job!.id}`, `${label}-cv`);
  const applicationId = uid();
  await db.insert(t.jobApplications).values({ id: applicationId, jobId: job!.id, applicantId: id, coverLetter: `Cover letter of ${fullName}`, resumeKey: cv.key, resumeName: 'cv.pdf', resumeType: 'application/pdf', resumeSize: cv.bytes.length, status: 'shortlisted' });
  await db.insert(t.statusChanges).values({ id: uid(), entity: 'job_application', entityId: applicationId, fromStatus: 'received', toStatus: 'shortlisted' });
  await db.insert(t.jobAlerts).values({ id: uid(), applicantId: id, keywords: 'nurse', category: null, location: 'London', digestedUntil: new Date() });
  await addressRows(email, fullName);
  const token = await sessionToken({ sub: id, aud: 'applicant', role: 'applicant' });
  return { id, email, fullName, token, applicationId, cv, jobId: job!.id };
}

/**
 * Every row of every table that mentions any of `needles` (case-insensitive), as `table: row`. Reads
 * the table list from SQLite itself, so a table added later is scanned too.
 */
export async function rowsMentioning(needles: string[]) {
  const tables = await env.DB.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'").all<{ name: string }>();
  const found: string[] = [];
  const lower = needles.map((n) => n.toLowerCase());
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`select * from "${name}"`).all<Record<string, unknown>>();
    for (const row of rows.results) {
      const text = JSON.stringify(row).toLowerCase();
      if (lower.some((n) => text.includes(n))) found.push(`${name}: ${JSON.stringify(row)}`);
    }
  }
  return found;
}
