import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { aBrowser, postJson, request } from '#functions/test/fixtures/index.ts';
import { LOGIN_LIMITS } from '#functions/services/accounts/login.ts';
import { SIGN_IN_CODE_SENT } from '#schemas/sign-in.ts';
import { confirmationToken, registerApplicant } from '#functions/test/fixtures/index.ts';
import { signToken } from '#functions/services/security/tokens.ts';
import { NO_SESSION } from '#functions/test/fixtures/index.ts';

const valid = {
  fullName: 'Amina Okafor',
  email: 'Amina.Okafor@Example.com',
  phone: '020 7946 0111',
  password: 'Secret-pass-123',
};

describe('POST /api/job-applicants/register', () => {
  it('creates a verified applicant with a hashed password and answers with a token', async () => {
    const res = await postJson('/api/job-applicants/register', valid, { 'CF-Connecting-IP': '203.0.113.1' });
    expect(res.status).toBe(201);
    const body = await res.json<{ success: boolean; token: string; message: string }>();
    expect(body).toMatchObject({
      success: true,
      message: 'Registration successful! Please login to continue.',
    });
    expect(body.token.split('.')).toHaveLength(3);
    const row = await env.DB.prepare('select * from job_applicants where email = ?')
      .bind('amina.okafor@example.com')
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ full_name: 'Amina Okafor', phone: '020 7946 0111', is_verified: 1 });
    expect(String(row!.password_hash)).toMatch(/^scrypt\$/);
  });

  it('refuses a second account for a confirmed e-mail (any case) with 409', async () => {
    // Confirmed as a person does it (an unconfirmed address is registered anew).
    const confirm = await postJson('/api/job-applicants/confirm-email', {
      token: await confirmationToken('amina.okafor@example.com'),
    });
    expect(confirm.status).toBe(200);
    const res = await postJson(
      '/api/job-applicants/register',
      { ...valid, email: 'AMINA.okafor@example.com' },
      { 'CF-Connecting-IP': '203.0.113.2' },
    );
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toMatch(/already exists/);
  });

  it.each([
    ['short password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['missing password', { password: undefined }, 'Password is required'],
    ['bad e-mail', { email: 'nope' }, 'Please enter a valid email address'],
    ['missing e-mail', { email: '' }, 'Email is required'],
    ['missing full name', { fullName: ' ' }, 'Full name is required'],
    ['missing phone', { phone: undefined }, 'Phone is required'],
  ])('refuses %s', async (_name, patch, message) => {
    const res = await postJson(
      '/api/job-applicants/register',
      { ...valid, email: 'other@example.com', ...patch },
      { 'CF-Connecting-IP': '203.0.113.3' },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
  });
});

describe('POST /api/job-applicants/login', () => {
  it('answers with an applicant token for the right password, the e-mail in any case', async () => {
    const { email } = await registerApplicant('login');
    const res = await postJson('/api/job-applicants/login', {
      email: email.toUpperCase(),
      password: 'Secret-pass-123',
    });
    expect(res.status).toBe(200);
    const { token } = await res.json<{ token: string }>();
    const me = await request('/api/job-applicants/me', { headers: { 'X-Applicant-Token': token } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, fullName: 'Test Applicant' });
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const { email } = await registerApplicant('wrong');
    const a = await postJson('/api/job-applicants/login', { email, password: 'wrong-password' });
    const b = await postJson('/api/job-applicants/login', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(await a.json()).toEqual(await b.json());
  });

  it('validates the body', async () => {
    const res = await postJson('/api/job-applicants/login', { email: 'x@example.com' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: 'Password is required' });
  });

  it('is limited per account: past the failures allowed from unknown browsers, a code is e-mailed instead of a password check, and the owner’s browser still signs in', async () => {
    const { email, password, browser: owner } = await registerApplicant('limited');
    expect((await owner.post('/api/job-applicants/login', { email, password })).status).toBe(200);
    const guesser = aBrowser();
    for (let i = 0; i < LOGIN_LIMITS.unknownDevices.max; i++) {
      const wrong = await guesser.post('/api/job-applicants/login', { email, password: `bad-password-${i}` });
      expect(wrong.status).toBe(401);
      expect((await wrong.json<{ message: string }>()).message).toBe('Invalid email or password');
    }
    // Not a 429 for this address: every unknown browser, wherever it is, now needs an e-mailed code,
    // even with the right password.
    const res = await guesser.post('/api/job-applicants/login', { email, password });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: SIGN_IN_CODE_SENT, codeRequired: true });
    expect((await owner.post('/api/job-applicants/login', { email, password })).status).toBe(200);
  });

  it('is separate from student logins: a student token cannot read applicant data', async () => {
    const token = await signToken(env.TOKEN_SECRET, env.TOKEN_ISSUER || 'bridgeway-global', {
      sub: 'x',
      aud: 'student',
      role: 'student',
      sid: NO_SESSION,
    });
    const res = await request('/api/job-applicants/applications', {
      headers: { 'X-Applicant-Token': token },
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/job-applicants/applications', () => {
  it('needs the applicant token', async () => {
    expect((await request('/api/job-applicants/applications')).status).toBe(401);
    expect(
      (
        await request('/api/job-applicants/applications', {
          headers: { 'X-Applicant-Token': 'forged.token.value' },
        })
      ).status,
    ).toBe(401);
  });

  it('lists nothing for a new applicant', async () => {
    const { token } = await registerApplicant('empty');
    const res = await request('/api/job-applicants/applications', {
      headers: { 'X-Applicant-Token': token },
    });
    expect(await res.json()).toEqual([]);
  });
});
