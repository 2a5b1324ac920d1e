import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { aJob, request } from '#functions/test/fixtures/index.ts';
import { pdfBytes, registerApplicant } from '#functions/test/fixtures/index.ts';
import { signToken } from '#functions/services/security/tokens.ts';
import { NO_SESSION } from '#functions/test/fixtures/index.ts';
import type { JobDetail, MyApplication } from '#schemas/recruitment.ts';

function apply(
  jobId: string,
  token: string | undefined,
  {
    file,
    name = 'cv.pdf',
    coverLetter = 'I would love to join your team.',
  }: { file?: Blob | null; name?: string; coverLetter?: string | null } = {},
) {
  const form = new FormData();
  if (file !== null) form.append('resume', new File([file ?? new Blob([pdfBytes()])], name));
  if (coverLetter !== null) form.append('coverLetter', coverLetter);
  return request(`/api/jobs/${jobId}/apply`, {
    method: 'POST',
    body: form,
    headers: token ? { 'X-Applicant-Token': token } : {},
  });
}

describe('GET /api/jobs/:id', () => {
  it('answers every field of a job', async () => {
    const { id } = await aJob({
      title: 'Warehouse Operative',
      urgent: true,
      employment: ['Full-time', 'Permanent'],
      companyInfo: { name: 'Nordhaven', website: 'https://nordhaven.example.com', about: 'Logistics.' },
    });
    const res = await request(`/api/jobs/${id}`);
    expect(res.status).toBe(200);
    const job = await res.json<JobDetail>();
    for (const key of [
      'position',
      'company',
      'location',
      'address',
      'employment',
      'schedule',
      'payment',
      'hiring',
      'urgent',
      'tags',
      'type',
      'description',
      'requirements',
      'companyInfo',
    ]) {
      expect(job, key).toHaveProperty(key);
    }
    expect(job).toMatchObject({
      _id: id,
      position: 'Warehouse Operative',
      title: 'Warehouse Operative',
      urgent: true,
      status: 'open',
    });
    expect(job.employment).toEqual(['Full-time', 'Permanent']);
    expect(job.companyInfo.website).toMatch(/^https:\/\//);
  });

  it('answers a closed job with its status', async () => {
    const { id } = await aJob({ status: 'closed' });
    const job = await (await request(`/api/jobs/${id}`)).json<JobDetail>();
    expect(job.status).toBe('closed');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await request('/api/jobs/no-such-job');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'Job not found' });
  });
});

describe('POST /api/jobs/:id/apply', () => {
  it('stores the resume in R2 and the application, and answers fileDetails.originalname', async () => {
    const { token } = await registerApplicant('apply', { confirmed: true });
    const job = await aJob({ title: 'Care Assistant (Domiciliary)' });
    const res = await apply(job.id, token, { name: 'Amina CV.pdf' });
    expect(res.status).toBe(201);
    const body = await res.json<{
      success: boolean;
      applicationId: string;
      fileDetails: { originalname: string; mimetype: string };
    }>();
    expect(body.success).toBe(true);
    expect(body.fileDetails).toMatchObject({ originalname: 'Amina CV.pdf', mimetype: 'application/pdf' });
    const row = await env.DB.prepare('select * from job_applications where id = ?')
      .bind(body.applicationId)
      .first<Record<string, string>>();
    expect(row).toMatchObject({
      job_id: job.id,
      status: 'received',
      cover_letter: 'I would love to join your team.',
      resume_name: 'Amina CV.pdf',
    });
    expect(row!.resume_key).toMatch(new RegExp(`^resumes/${job.id}/[0-9a-f-]+\\.pdf$`));
    const object = await env.FILES.get(row!.resume_key!);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pdfBytes());
    const mail = await env.DB.prepare(
      "select * from outbox where subject = 'New application: Care Assistant (Domiciliary)'",
    ).first();
    expect(mail).not.toBeNull();

    const mine = await (
      await request('/api/job-applicants/applications', { headers: { 'X-Applicant-Token': token } })
    ).json<MyApplication[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      jobId: job.id,
      jobTitle: 'Care Assistant (Domiciliary)',
      status: 'received',
      resumeName: 'Amina CV.pdf',
    });
  });

  it('accepts a .docx judged by its bytes', async () => {
    const { token } = await registerApplicant('docx');
    const zip = new TextEncoder().encode('PK\u0003\u0004....[Content_Types].xml....word/document.xml....');
    const res = await apply((await aJob()).id, token, {
      file: new Blob([zip]),
      name: 'cv.docx',
    });
    expect(res.status).toBe(201);
  });

  it('refuses a second application to the same job with 409', async () => {
    const { token } = await registerApplicant('twice');
    const { id } = await aJob();
    expect((await apply(id, token)).status).toBe(201);
    const res = await apply(id, token);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'You have already applied to this job.',
    });
  });

  it('refuses a closed job (410) and an unknown job (404)', async () => {
    const { token } = await registerApplicant('closed');
    const closed = await apply((await aJob({ status: 'closed' })).id, token);
    expect(closed.status).toBe(410);
    expect((await closed.json<{ message: string }>()).message).toBe(
      'This job is closed and no longer accepts applications.',
    );
    const unknown = await apply('no-such-job', token);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, message: 'Job not found' });
  });

  it('refuses a file that is not a PDF, DOC or DOCX by its content, whatever its name', async () => {
    const { token } = await registerApplicant('type');
    const { id } = await aJob();
    const res = await apply(id, token, {
      file: new Blob(['just text, not a pdf']),
      name: 'cv.pdf',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'Please upload your resume as a PDF, DOC or DOCX file',
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect((await apply(id, token, { file: new Blob([png]), name: 'photo.png' })).status).toBe(415);
    const count = await env.DB.prepare('select count(*) as n from job_applications where job_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it('refuses a file over 10 MB', async () => {
    const { token } = await registerApplicant('big');
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdfBytes());
    const res = await apply((await aJob()).id, token, { file: new Blob([big]), name: 'big.pdf' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: 'File size must be less than 10MB' });
  });

  it('refuses a missing resume or cover letter', async () => {
    const { token } = await registerApplicant('missing');
    const { id } = await aJob();
    const noFile = await apply(id, token, { file: null });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ success: false, message: 'Resume is required' });
    const noLetter = await apply(id, token, { coverLetter: '   ' });
    expect(noLetter.status).toBe(400);
    expect(await noLetter.json()).toMatchObject({ success: false, message: 'Cover letter is required' });
  });

  it('needs a valid applicant token: missing, forged, another account type', async () => {
    const { id } = await aJob();
    const missing = await apply(id, undefined);
    expect(missing.status).toBe(401);
    const forgedToken = await signToken('not-the-real-secret-0123456789abcdef', 'bridgeway-global', {
      sub: 'x',
      aud: 'applicant',
      role: 'applicant',
      sid: NO_SESSION,
    });
    const forged = await apply(id, forgedToken);
    expect(forged.status).toBe(401);
    const student = await signToken(env.TOKEN_SECRET, env.TOKEN_ISSUER || 'bridgeway-global', {
      sub: 'x',
      aud: 'student',
      role: 'student',
      sid: NO_SESSION,
    });
    expect((await apply(id, student)).status).toBe(403);
    const gone = await signToken(env.TOKEN_SECRET, env.TOKEN_ISSUER || 'bridgeway-global', {
      sub: 'deleted-applicant',
      aud: 'applicant',
      role: 'applicant',
      sid: NO_SESSION,
    });
    expect((await apply(id, gone)).status).toBe(401);
  });
});
