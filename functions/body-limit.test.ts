import { describe, expect, it, beforeAll } from 'vitest';
import * as t from '#db/schema/index.ts';
import { aJob, request } from './test/fixtures/index.ts';
import { auth, db, makeStaff, makeStudent, tokenFor } from './test/fixtures/index.ts';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_UPLOAD_BODY_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  MAX_WEBHOOK_BYTES,
  TOO_LARGE_MESSAGE,
} from './middleware/body-limit.ts';
import { IMAGE_SIZE_MESSAGE } from '#schemas/images.ts';

const MB = 1024 * 1024;

/**
 * A body that arrives in 64 KB chunks with no Content-Length (as a chunked upload does), and
 * counts how much of it the Worker pulled: a limit that works stops reading near the limit.
 */
function streamed(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) return controller.close();
        const next = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += next.length;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => sent };
}

const json70k = () =>
  JSON.stringify({ fullName: 'Ada Lovelace', email: 'ada@example.com', message: 'x'.repeat(70 * 1024) });

describe('body limits on every route (hono/body-limit)', () => {
  const tokens: Record<string, Record<string, string>> = {};
  let jobId = '';
  beforeAll(async () => {
    const student = await makeStudent();
    tokens.student = { Authorization: `Bearer ${await tokenFor('student', student.id, 'student')}` };
    const applicantId = crypto.randomUUID();
    await db.insert(t.jobApplicants).values({
      id: applicantId,
      fullName: 'Big Body',
      phone: '07700900123',
      email: `big-${applicantId}@example.com`,
      passwordHash: 'x',
      isVerified: true,
    });
    tokens.applicant = { 'X-Applicant-Token': await tokenFor('applicant', applicantId, 'applicant') };
    tokens.staff = auth((await makeStaff('editor')).token);
    jobId = (await aJob()).id;
  });

  it.each([
    ['/api/contact', {}],
    ['/api/users/login', {}],
    ['/api/job-applicants/register', {}],
    ['/api/admin/auth/login', {}],
  ])('refuses a 70 KB JSON body to %s with 413 JSON', async (path) => {
    const res = await request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: json70k(),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: TOO_LARGE_MESSAGE });
  });

  it('refuses a 70 KB JSON body to a signed-in staff write, and a 70 KB body without Content-Length', async () => {
    const res = await request('/api/admin/content/countries', {
      method: 'POST',
      headers: { ...tokens.staff, 'Content-Type': 'application/json' },
      body: json70k(),
    });
    expect(res.status).toBe(413);
    const { body, pulled } = streamed(70 * 1024);
    const chunked = await request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(chunked.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(70 * 1024);
  });

  it('lets a JSON body under 64 KB through to the route (which judges it)', async () => {
    const res = await request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(60 * 1024) }),
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it("gives Stripe's webhook 512 KB (its events can outgrow a form's 64 KB), and no more", async () => {
    const event = (size: number) =>
      JSON.stringify({ id: 'evt_big', object: 'event', padding: 'x'.repeat(size) });
    const post = (body: string) =>
      request('/api/payment/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=forged' },
        body,
      });
    // 200 KB reaches the route, which refuses the forged signature (400), not the size.
    const big = await post(event(200 * 1024));
    expect(big.status).toBe(400);
    const huge = await post(event(MAX_WEBHOOK_BYTES));
    expect(huge.status).toBe(413);
  });

  it('cuts a streamed 12 MB JSON body off at 64 KB', async () => {
    const { body, pulled } = streamed(12 * MB);
    const res = await request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: TOO_LARGE_MESSAGE });
    expect(pulled()).toBeLessThan(1 * MB);
  });

  it.each([
    ['POST /api/jobs/{id}/apply', () => `/api/jobs/${jobId}/apply`, 'applicant'],
    ['POST /api/users/document', () => '/api/users/document', 'student'],
  ])(
    'cuts a streamed 12 MB upload to %s off at 10 MB, without buffering the rest',
    async (_name, path, who) => {
      const { body, pulled } = streamed(12 * MB);
      const res = await request(path(), {
        method: 'POST',
        headers: { ...tokens[who], 'Content-Type': 'multipart/form-data; boundary=----limit' },
        body,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ success: false, message: FILE_TOO_LARGE_MESSAGE });
      // Read up to the limit and not much further: the last 2 MB were never pulled.
      expect(pulled()).toBeGreaterThan(MAX_UPLOAD_BODY_BYTES);
      expect(pulled()).toBeLessThan(MAX_UPLOAD_BODY_BYTES + 1 * MB);
    },
  );

  it("cuts a streamed 17 MB image upload off at the content images' 15 MB, without buffering the rest", async () => {
    const { body, pulled } = streamed(17 * MB);
    const res = await request('/api/admin/uploads', {
      method: 'POST',
      headers: { ...tokens.staff, 'Content-Type': 'multipart/form-data; boundary=----limit' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: IMAGE_SIZE_MESSAGE });
    expect(pulled()).toBeGreaterThan(MAX_IMAGE_UPLOAD_BODY_BYTES);
    expect(pulled()).toBeLessThan(MAX_IMAGE_UPLOAD_BODY_BYTES + 1 * MB);
  });

  it('refuses a declared Content-Length over the limit on an upload before reading it', async () => {
    const res = await request('/api/admin/uploads', {
      method: 'POST',
      headers: {
        ...tokens.staff,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(16 * MB),
      },
      body: 'x',
    });
    expect(res.status).toBe(413);
  });

  it('reads nothing of an upload from someone not signed in', async () => {
    const { body, pulled } = streamed(12 * MB);
    const res = await request('/api/admin/uploads', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', Origin: 'http://127.0.0.1:8787' },
      body,
    });
    expect(res.status).toBe(401);
    expect(pulled()).toBeLessThan(1 * MB);
  });
});
