import { describe, expect, it, beforeAll } from 'vitest';
import { request } from '#functions/test/fixtures/index.ts';
import { auth, makeStaff, tokenFor } from '#functions/test/fixtures/index.ts';
import { signToken } from '#functions/services/tokens.ts';
import { NO_SESSION, sessionToken } from '#functions/test/fixtures/index.ts';

// Every admin endpoint, and whether editors may use it (content and publishing only).
const routes: { method: string; path: string; editor: boolean }[] = [
  { method: 'GET', path: '/api/admin/auth/me', editor: true },
  { method: 'GET', path: '/api/admin/dashboard', editor: true },
  { method: 'GET', path: '/api/admin/staff', editor: false },
  { method: 'POST', path: '/api/admin/staff', editor: false },
  { method: 'PATCH', path: '/api/admin/staff/some-id', editor: false },
  { method: 'POST', path: '/api/admin/staff/some-id/password', editor: false },
  { method: 'POST', path: '/api/admin/staff/some-id/mfa/reset', editor: false },
  { method: 'POST', path: '/api/admin/auth/mfa/recovery-codes', editor: true },
  { method: 'GET', path: '/api/admin/inbox', editor: false },
  { method: 'GET', path: '/api/admin/inbox/contact/some-id', editor: false },
  { method: 'PATCH', path: '/api/admin/inbox/contact/some-id', editor: false },
  { method: 'POST', path: '/api/admin/inbox/assistance/some-id/reply', editor: false },
  { method: 'GET', path: '/api/admin/subscriptions', editor: false },
  { method: 'GET', path: '/api/admin/subscriptions/some-id', editor: false },
  { method: 'POST', path: '/api/admin/subscriptions/some-id/status', editor: false },
  { method: 'GET', path: '/api/admin/partners', editor: false },
  { method: 'GET', path: '/api/admin/partners/some-id', editor: false },
  { method: 'POST', path: '/api/admin/partners/some-id/status', editor: false },
  { method: 'GET', path: '/api/admin/partner-requests', editor: false },
  { method: 'GET', path: '/api/admin/partner-requests/some-id', editor: false },
  { method: 'POST', path: '/api/admin/partner-requests/some-id/status', editor: false },
  { method: 'POST', path: '/api/admin/partner-requests/some-id/create-job', editor: false },
  { method: 'GET', path: '/api/admin/job-applications', editor: false },
  { method: 'GET', path: '/api/admin/job-applications/some-id', editor: false },
  { method: 'GET', path: '/api/admin/job-applications/some-id/cv', editor: false },
  { method: 'POST', path: '/api/admin/job-applications/some-id/status', editor: false },
  { method: 'GET', path: '/api/admin/payments', editor: false },
  { method: 'GET', path: '/api/admin/payments/some-id', editor: false },
  { method: 'POST', path: '/api/admin/payments/some-id/refunds', editor: false },
  { method: 'GET', path: '/api/admin/audit', editor: false },
  { method: 'GET', path: '/api/admin/audit/some-id', editor: false },
  { method: 'GET', path: '/api/admin/content/subjects', editor: true },
  { method: 'GET', path: '/api/admin/content/subjects/some-id', editor: true },
  { method: 'POST', path: '/api/admin/content/subjects', editor: true },
  { method: 'PUT', path: '/api/admin/content/subjects/some-id', editor: true },
  { method: 'POST', path: '/api/admin/content/subjects/some-id/retire', editor: true },
  { method: 'POST', path: '/api/admin/content/subjects/some-id/restore', editor: true },
  { method: 'POST', path: '/api/admin/uploads', editor: true },
  { method: 'POST', path: '/api/admin/publish', editor: true },
  { method: 'GET', path: '/api/admin/publish/status', editor: true },
];

const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(method === 'GET' ? {} : { body: '{}' }),
  });

describe('role checks on every admin endpoint', () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tokens.student = await tokenFor('student', 'student-1', 'student');
    tokens.partner = await tokenFor('partner', 'partner-1', 'partner');
    tokens.applicant = await tokenFor('applicant', 'applicant-1', 'applicant');
    tokens.editor = (await makeStaff('editor')).token;
    tokens.admin = (await makeStaff('admin')).token;
    tokens.forged = await signToken('another-secret-0123456789abcdef0123456789', 'bridgeway-global', {
      sub: 'x',
      aud: 'staff',
      role: 'admin',
      sid: NO_SESSION,
    });
  });

  it.each(routes)('$method $path', async ({ method, path, editor }) => {
    const none = await call(method, path);
    expect(none.status, 'no token').toBe(401);
    expect(await none.json()).toMatchObject({ success: false, message: 'Please log in to continue.' });
    expect((await call(method, path, auth(tokens.forged!))).status, 'forged token').toBe(401);
    for (const other of ['student', 'partner', 'applicant']) {
      const res = await call(method, path, auth(tokens[other]!));
      expect(res.status, `${other} token`).toBe(403);
    }
    const asEditor = await call(method, path, auth(tokens.editor!));
    if (editor) expect([401, 403], 'editor allowed').not.toContain(asEditor.status);
    else {
      expect(asEditor.status, 'editor refused').toBe(403);
      expect(await asEditor.json()).toMatchObject({ message: 'Your role does not allow this.' });
    }
    const asAdmin = await call(method, path, auth(tokens.admin!));
    expect([401, 403], 'admin allowed').not.toContain(asAdmin.status);
    expect(asAdmin.status, 'never a server error').toBeLessThan(500);
  });

  it('refuses an expired staff token with 401', async () => {
    const staff = await makeStaff('admin');
    const old = await sessionToken({ sub: staff.id, aud: 'staff', role: 'admin' }, Date.now() - 3 * 3600_000);
    const res = await call('GET', '/api/admin/auth/me', auth(old));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Your session has expired. Please log in again.' });
  });
});
