// One document vault (docs/decisions/032-one-person-many-roles.md): a person's documents are theirs
// whichever role uploaded them, listed at GET /api/me/documents from any door, and a job application
// may send a copy of one instead of a new upload; deleting the document keeps what was sent.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { NO_SUCH_DOCUMENT } from '#schemas/vault.ts';
import {
  aBrowser,
  aJob,
  pdfBytes,
  registerApplicant,
  request,
  verifiedStudentIn,
  type Browser,
} from './test/fixtures/index.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();

async function signIn(browser: Browser, path: string, who: { email: string; password: string }) {
  const res = await browser.post(path, { email: who.email, password: who.password });
  expect(res.status).toBe(200);
  return (await json(res)).token as string;
}

function upload(token: string, name: string) {
  const form = new FormData();
  form.append('document', new File([pdfBytes()], name));
  form.append('documentType', 'CV/Resume');
  return request('/api/users/document', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
}

function apply(jobId: string, token: string, part: { documentId?: string; file?: string }) {
  const form = new FormData();
  if (part.file) form.append('resume', new File([pdfBytes()], part.file));
  if (part.documentId) form.append('documentId', part.documentId);
  form.append('coverLetter', 'I would love to join your team.');
  return request(`/api/jobs/${jobId}/apply`, {
    method: 'POST',
    body: form,
    headers: { 'X-Applicant-Token': token },
  });
}

const myDocuments = async (headers: Record<string, string>) =>
  json(await request('/api/me/documents', { headers }));

describe('GET /api/me/documents and documentId', () => {
  it("a student's document is listed at every door and sent with a job application without a new upload; deleting it keeps the copy sent", async () => {
    const browser = aBrowser();
    const student = await verifiedStudentIn(browser);
    const studentToken = await signIn(browser, '/api/users/login', student);
    expect((await upload(studentToken, 'My CV 2026.pdf')).status).toBe(201);
    const seekerToken = await signIn(browser, '/api/job-applicants/login', student);

    const asSeeker = await myDocuments({ 'X-Applicant-Token': seekerToken });
    const asStudent = await myDocuments({ Authorization: `Bearer ${studentToken}` });
    expect(asSeeker).toEqual(asStudent);
    expect(asSeeker.documents).toEqual([
      {
        id: expect.any(String),
        name: 'My CV 2026.pdf',
        type: 'CV/Resume',
        size: pdfBytes().length,
        uploaded: expect.any(String),
      },
    ]);
    const documentId = asSeeker.documents[0].id as string;

    const job = await aJob();
    const applied = await apply(job.id, seekerToken, { documentId });
    expect(applied.status).toBe(201);
    const answer = await json(applied);
    expect(answer.fileDetails).toMatchObject({
      originalname: 'My CV 2026.pdf',
      mimetype: 'application/pdf',
    });
    const row = await env.DB.prepare('select resume_key, document_id from job_applications where id = ?')
      .bind(answer.applicationId)
      .first<{ resume_key: string; document_id: string }>();
    expect(row?.document_id).toBe(documentId);

    const deleted = await request(`/api/me/documents/${documentId}`, {
      method: 'DELETE',
      headers: { 'X-Applicant-Token': seekerToken },
    });
    expect(deleted.status).toBe(200);
    expect((await json(deleted)).message).toBe(
      'Document deleted successfully. The copy sent with your application stays with the employer and our staff.',
    );
    expect((await myDocuments({ 'X-Applicant-Token': seekerToken })).documents).toEqual([]);
    expect(await env.FILES.head(row!.resume_key)).not.toBeNull();
  });

  it("refuses another person's document, and asks for a resume when neither is sent", async () => {
    const owner = aBrowser();
    const student = await verifiedStudentIn(owner);
    const token = await signIn(owner, '/api/users/login', student);
    await upload(token, 'theirs.pdf');
    const theirs = (await myDocuments({ Authorization: `Bearer ${token}` })).documents[0].id as string;

    const stranger = await registerApplicant('vault-stranger', { confirmed: true });
    const job = await aJob();
    const refused = await apply(job.id, stranger.token, { documentId: theirs });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ success: false, message: NO_SUCH_DOCUMENT });
    const nothing = await apply(job.id, stranger.token, {});
    expect(nothing.status).toBe(400);
    expect(await json(nothing)).toMatchObject({ success: false, message: 'Resume is required' });
  });

  it("a job seeker's uploaded CV joins their vault; an unconfirmed job seeker has none yet", async () => {
    const seeker = await registerApplicant('vault-seeker', { confirmed: true });
    const job = await aJob();
    expect((await apply(job.id, seeker.token, { file: 'seeker-cv.pdf' })).status).toBe(201);
    const listed = await myDocuments({ 'X-Applicant-Token': seeker.token });
    expect(listed.documents.map((d: { name: string; type: string }) => [d.name, d.type])).toEqual([
      ['seeker-cv.pdf', 'CV/Resume'],
    ]);

    const unconfirmed = await registerApplicant('vault-unconfirmed');
    expect((await apply(job.id, unconfirmed.token, { file: 'held-cv.pdf' })).status).toBe(201);
    expect((await myDocuments({ 'X-Applicant-Token': unconfirmed.token })).documents).toEqual([]);
    expect((await request('/api/me/documents')).status).toBe(401);
  });
});
