import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { database } from '#functions/middleware/db.ts';
import { onError } from '#functions/middleware/errors.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import { signToken } from '#functions/services/security/tokens.ts';
import { NO_SESSION } from '#functions/test/fixtures/index.ts';
import {
  aBrowser,
  partnerRegistration as registration,
  postJson,
  request,
  waitForCode,
} from '#functions/test/fixtures/index.ts';
import { LOGIN_LIMITS } from '#functions/services/accounts/login.ts';
import { SIGN_IN_CODE_SENT } from '#schemas/sign-in.ts';
import { bearer, lastCode, lastResetCode, randomAddress, verifiedPartner } from './partner.test-helpers.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();
const register = (body: unknown) => postJson('/api/partner/register', body, randomAddress());

describe('POST /api/partner/register', () => {
  it('stores an unverified partner, e-mails a code and answers with data', async () => {
    const reg = registration({ ownerEmail: '  Mixed.Case@Example.COM ' });
    const res = await register(reg);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      ownerEmail: 'mixed.case@example.com',
      ownerPhoneNumber: reg.ownerPhoneNumber,
    });
    const row = await env.DB.prepare(
      'select email, is_verified, approval_status, password_hash from partners where id = ?',
    )
      .bind(body.data._id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      email: 'mixed.case@example.com',
      is_verified: 0,
      approval_status: 'pending',
    });
    expect(String(row!.password_hash)).toMatch(/^scrypt\$/);
    expect(await lastCode('mixed.case@example.com')).toMatch(/^\d{6}$/);
  });

  const requiredMessages: [string, string][] = [
    ['companyName', 'Company name is required'],
    ['companyHQ', 'Company headquarters is required'],
    ['ownerFirstName', 'Owner first name is required'],
    ['ownerLastName', 'Owner last name is required'],
    ['ownerPhoneNumber', 'Owner phone number is required'],
    ['ownerDesignation', 'Owner designation is required'],
    ['ownerNationality', 'Owner nationality is required'],
    ['ownerEmail', 'Owner email is required'],
    ['contactEmail', 'Contact email is required'],
    ['contactFirstName', 'Contact first name is required'],
    ['contactLastName', 'Contact last name is required'],
    ['contactDesignation', 'Contact designation is required'],
    ['contactPhoneNumber', 'Contact phone number is required'],
    ['password', 'Password is required'],
  ];
  for (const [field, message] of requiredMessages) {
    it(`refuses an empty or missing ${field}: '${message}'`, async () => {
      const blank = await register(registration({ [field]: '   ' }));
      expect(blank.status).toBe(400);
      expect(await json(blank)).toMatchObject({
        success: false,
        message: field === 'password' ? 'Password must be at least 6 characters' : message,
      });
      const { [field]: _gone, ...rest } = registration() as Record<string, unknown>;
      const missing = await register(rest);
      expect(missing.status).toBe(400);
      expect((await json(missing)).message).toBe(message);
    });
  }

  it('refuses an empty password with its own message', async () => {
    const res = await register(registration({ password: '' }));
    expect(await json(res)).toMatchObject({ success: false, message: 'Password is required' });
  });

  it('refuses malformed e-mails and short passwords with the spec messages', async () => {
    for (const field of ['ownerEmail', 'contactEmail']) {
      const res = await register(registration({ [field]: 'not-an-email' }));
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe('Invalid email format');
    }
    const short = await register(registration({ password: '12345' }));
    expect((await json(short)).message).toBe('Password must be at least 6 characters');
  });

  it("answers 409 for a verified partner's owner e-mail (case-insensitive) and keeps one row", async () => {
    const { reg } = await verifiedPartner();
    const again = await register(registration({ ownerEmail: reg.ownerEmail.toUpperCase() }));
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(
      'A partner account with this email already exists. Please log in, or use a different email.',
    );
    const count = await env.DB.prepare('select count(*) as n from partners where email = ?')
      .bind(reg.ownerEmail)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const res = await request('/api/partner/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{oops',
    });
    expect(res.status).toBe(400);
    expect((await json(res)).success).toBe(false);
  });
});

describe('POST /api/partner/verify-otp and resend-otp', () => {
  // A registration from the browser that made it: its code verifies from there alone.
  async function fresh() {
    const reg = registration();
    const browser = aBrowser();
    const res = await browser.post('/api/partner/register', reg);
    return { reg, browser, id: (await json(res)).data._id as string };
  }

  it('verifies with the right code, once', async () => {
    const { reg, id, browser } = await fresh();
    const code = await lastCode(reg.ownerEmail);
    const res = await browser.post('/api/partner/verify-otp', { email: reg.ownerEmail, otp: code });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ success: true });
    const row = await env.DB.prepare('select is_verified from partners where id = ?')
      .bind(id)
      .first<{ is_verified: number }>();
    expect(row!.is_verified).toBe(1);
    // Already verified: says so, and resending is refused.
    const resend = await browser.post('/api/partner/resend-otp', { email: reg.ownerEmail });
    expect(resend.status).toBe(400);
    expect((await json(resend)).message).toBe('Your account is already verified. Please log in.');
  });

  it('refuses a wrong code with 400, then locks after five wrong tries (one message for every failure)', async () => {
    const { reg, browser } = await fresh();
    const code = await lastCode(reg.ownerEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    // Only tries from the registering browser reach its code, so they are the ones that use it up.
    const first = await browser.post('/api/partner/verify-otp', { email: reg.ownerEmail, otp: wrong });
    expect(first.status).toBe(400);
    expect((await json(first)).message).toBe('Invalid or expired OTP. Please try again.');
    for (let i = 0; i < 4; i++)
      await browser.post('/api/partner/verify-otp', { email: reg.ownerEmail, otp: wrong });
    const locked = await browser.post('/api/partner/verify-otp', { email: reg.ownerEmail, otp: code });
    expect(locked.status).toBe(400);
    // The partner flow names accounts by e-mail: "too many tries" would say that this one exists.
    expect((await json(locked)).message).toBe('Invalid or expired OTP. Please try again.');
  });

  it('refuses an expired code', async () => {
    const { reg, id, browser } = await fresh();
    const code = await lastCode(reg.ownerEmail);
    await env.DB.prepare(
      "update one_time_codes set expires_at = ? where account_type = 'partner' and account_id = ?",
    )
      .bind(Date.now() - 1000, id)
      .run();
    const res = await browser.post('/api/partner/verify-otp', { email: reg.ownerEmail, otp: code });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe('Invalid or expired OTP. Please try again.');
  });

  it('answers an unknown e-mail as a wrong code (400; no enumeration) and 400 for a malformed code', async () => {
    const unknown = await postJson('/api/partner/verify-otp', { email: 'nobody@example.com', otp: '123456' });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).message).toBe('Invalid or expired OTP. Please try again.');
    const short = await postJson('/api/partner/verify-otp', { email: 'nobody@example.com', otp: '12a4' });
    expect(short.status).toBe(400);
    expect((await json(short)).message).toBe('Please enter the complete 6-digit OTP.');
    const resendUnknown = await postJson('/api/partner/resend-otp', { email: 'nobody@example.com' });
    expect(resendUnknown.status).toBe(200);
    expect(await json(resendUnknown)).toEqual({
      success: true,
      message: 'OTP has been resent to your email',
    });
  });

  it('resends within the limits (60 s between codes, three per 15 minutes), silently; a new code voids the old', async () => {
    const { reg, id, browser } = await fresh();
    const first = await lastCode(reg.ownerEmail);
    const codes = async () =>
      (await env.DB.prepare(
        "select count(*) as n from one_time_codes where account_type = 'partner' and account_id = ?",
      )
        .bind(id)
        .first<{ n: number }>())!.n;
    // The code is sent after the answer (its limits are silent: they would tell that the account exists).
    const settle = () => new Promise((r) => setTimeout(r, 300));
    // Resent from the browser that registered, which holds the registration's challenge.
    const tooSoon = await browser.post('/api/partner/resend-otp', { email: reg.ownerEmail });
    expect(tooSoon.status).toBe(200);
    await settle();
    expect(await codes()).toBe(1);

    const age = async () =>
      env.DB.prepare(
        "update one_time_codes set created_at = created_at - 61000 where account_type = 'partner' and account_id = ?",
      )
        .bind(id)
        .run();
    await age();
    const ok = await browser.post('/api/partner/resend-otp', { email: reg.ownerEmail });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({ success: true, message: 'OTP has been resent to your email' });
    await settle();
    expect(await codes()).toBe(2);
    const second = await lastCode(reg.ownerEmail);
    if (second !== first) {
      const old = await browser.post('/api/partner/verify-otp', { email: reg.ownerEmail, otp: first });
      expect(old.status).toBe(400);
    }
    await age();
    expect((await browser.post('/api/partner/resend-otp', { email: reg.ownerEmail })).status).toBe(200);
    await settle();
    await age();
    const capped = await browser.post('/api/partner/resend-otp', { email: reg.ownerEmail });
    expect(capped.status).toBe(200);
    await settle();
    expect(await codes()).toBe(3);
  });
});

describe('POST /api/partner/login', () => {
  it('returns success, message, token and partner for a verified partner', async () => {
    const { reg, token } = await verifiedPartner();
    expect(token).toBeTruthy();
    const res = await postJson(
      '/api/partner/login',
      { email: reg.ownerEmail.toUpperCase(), password: reg.password },
      randomAddress(),
    );
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      partner: { ownerEmail: reg.ownerEmail, companyName: reg.companyName },
    });
    expect(body.partner.password).toBeUndefined();
    expect(body.partner.passwordHash).toBeUndefined();
    expect(String(body.token).split('.')).toHaveLength(3);
  });

  it('tells an unverified partner to verify (403), only after the right password', async () => {
    const reg = registration();
    await register(reg);
    const wrong = await postJson(
      '/api/partner/login',
      { email: reg.ownerEmail, password: 'wrong-password' },
      randomAddress(),
    );
    expect(wrong.status).toBe(401);
    const res = await postJson(
      '/api/partner/login',
      { email: reg.ownerEmail, password: reg.password },
      randomAddress(),
    );
    expect(res.status).toBe(403);
    expect((await json(res)).message).toMatch(/not verified/);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const { reg } = await verifiedPartner();
    const wrong = await postJson(
      '/api/partner/login',
      { email: reg.ownerEmail, password: 'nope-nope' },
      randomAddress(),
    );
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toMatchObject({ success: false, message: 'Invalid email or password' });
    const unknown = await postJson(
      '/api/partner/login',
      { email: 'ghost@example.com', password: 'nope-nope' },
      randomAddress(),
    );
    expect(await json(unknown)).toMatchObject({ success: false, message: 'Invalid email or password' });
  });

  it('validates e-mail and password with the spec messages', async () => {
    expect((await json(await postJson('/api/partner/login', { email: '', password: 'x' }))).message).toBe(
      'Email is required',
    );
    expect((await json(await postJson('/api/partner/login', { email: 'bad', password: 'x' }))).message).toBe(
      'Email is invalid',
    );
    expect(
      (await json(await postJson('/api/partner/login', { email: 'a@example.com', password: '' }))).message,
    ).toBe('Password is required');
  });

  it('past the failures allowed from unknown browsers, judges no password: an e-mailed code comes first, and the owner’s browser still signs in', async () => {
    const { reg, browser: owner } = await verifiedPartner();
    const guesser = aBrowser();
    const login = (password: string) =>
      guesser.post('/api/partner/login', { email: reg.ownerEmail, password });
    for (let i = 0; i < LOGIN_LIMITS.unknownDevices.max; i++) {
      const wrong = await login(`wrong-${i}`);
      expect(wrong.status).toBe(401);
      expect((await json(wrong)).message).toBe('Invalid email or password');
    }
    // Not a 429 that would shut the owner out too: even the right password is not judged now.
    const limited = await login(reg.password);
    expect(limited.status).toBe(401);
    expect(await json(limited)).toEqual({ success: false, message: SIGN_IN_CODE_SENT, codeRequired: true });
    expect(await waitForCode(reg.ownerEmail, /sign-in code/)).toMatch(/^\d{6}$/);
    const known = await owner.post('/api/partner/login', { email: reg.ownerEmail, password: reg.password });
    expect(known.status).toBe(200);
  });
});

describe('partner password reset', () => {
  it('e-mails a reset code, sets a new password and revokes older tokens', async () => {
    const { reg, token, id } = await verifiedPartner();
    // The reset runs in the browser that asked for the code: the code answers nowhere else.
    const owner = aBrowser();
    const res = await owner.post('/api/partner/forgot-password', { email: reg.ownerEmail });
    expect(res.status).toBe(200);
    const unknown = await postJson(
      '/api/partner/forgot-password',
      { email: 'nobody-here@example.com' },
      randomAddress(),
    );
    expect(await json(unknown)).toEqual(await json(res));
    const code = await lastResetCode(reg.ownerEmail);
    // The right code from a browser that did not ask for it is refused, and costs the owner no try.
    const elsewhere = await postJson('/api/partner/reset-password', {
      email: reg.ownerEmail,
      code,
      password: 'new-pass-4321',
    });
    expect(elsewhere.status).toBe(400);
    const tries = await env.DB.prepare(
      // The owner's reset code is their person's (people.ts), whichever door asked for it.
      "select attempts from one_time_codes where account_type = 'person' and account_id = (select person_id from partners where id = ?) and purpose = 'reset'",
    )
      .bind(id)
      .first<{ attempts: number }>();
    expect(tries!.attempts).toBe(0);
    const bad = await owner.post('/api/partner/reset-password', {
      email: reg.ownerEmail,
      code: code === '000000' ? '111111' : '000000',
      password: 'new-pass-4321',
    });
    expect(bad.status).toBe(400);
    const short = await owner.post('/api/partner/reset-password', {
      email: reg.ownerEmail,
      code,
      password: '123',
    });
    expect((await json(short)).message).toBe('Password must be at least 6 characters');
    // Wait into the next second so the revocation instant is after the old token's iat.
    await new Promise((r) => setTimeout(r, 1100));
    const ok = await owner.post('/api/partner/reset-password', {
      email: reg.ownerEmail,
      code,
      password: 'new-pass-4321',
    });
    expect(ok.status).toBe(200);
    expect(
      (
        await postJson(
          '/api/partner/login',
          { email: reg.ownerEmail, password: 'new-pass-4321' },
          randomAddress(),
        )
      ).status,
    ).toBe(200);
    expect((await request('/api/partner/profile', { headers: bearer(token) })).status).toBe(401);
  });
});

describe('/api/partner/profile', () => {
  it('reads the own profile with a bearer token', async () => {
    const { reg, token, id } = await verifiedPartner();
    const res = await request('/api/partner/profile', { headers: bearer(token) });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.success).toBe(true);
    expect(body.partner).toMatchObject({
      _id: id,
      companyName: reg.companyName,
      ownerEmail: reg.ownerEmail,
      email: reg.ownerEmail,
      contactNumber: reg.ownerPhoneNumber,
      isVerified: true,
    });
  });

  it('updates the profile but never the owner e-mail, password, verification or approval', async () => {
    const { reg, token, id } = await verifiedPartner();
    const res = await request('/api/partner/profile', {
      method: 'PUT',
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        companyName: 'Acme Renamed',
        companyHQ: 'York',
        contactFirstName: 'Jo',
        ownerEmail: 'hijack@example.com',
        email: 'hijack@example.com',
        password: 'hijacked',
        passwordHash: 'x',
        isVerified: false,
        approvalStatus: 'approved',
      }),
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      success: true,
      message: 'Profile updated successfully',
      partner: {
        companyName: 'Acme Renamed',
        companyHQ: 'York',
        contactFirstName: 'Jo',
        ownerEmail: reg.ownerEmail,
        isVerified: true,
        approvalStatus: 'pending',
      },
    });
    const row = await env.DB.prepare('select email, is_verified, approval_status from partners where id = ?')
      .bind(id)
      .first();
    expect(row).toEqual({ email: reg.ownerEmail, is_verified: 1, approval_status: 'pending' });
    expect(
      (
        await postJson(
          '/api/partner/login',
          { email: reg.ownerEmail, password: reg.password },
          randomAddress(),
        )
      ).status,
    ).toBe(200);
  });

  it("requires a company name: 'Company name is required'", async () => {
    const { token } = await verifiedPartner();
    const res = await request('/api/partner/profile', {
      method: 'PUT',
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ companyName: ' ' }),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe('Company name is required');
    const badEmail = await request('/api/partner/profile', {
      method: 'PUT',
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ companyName: 'A', contactEmail: 'nope' }),
    });
    expect((await json(badEmail)).message).toBe('Invalid email format');
  });

  it('refuses requests without a token or with a forged one (401)', async () => {
    expect((await request('/api/partner/profile')).status).toBe(401);
    expect((await request('/api/partner/profile', { headers: bearer('abc.def.ghi') })).status).toBe(401);
    expect((await request('/api/partner/requests')).status).toBe(401);
    const put = await request('/api/partner/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ companyName: 'X' }),
    });
    expect(put.status).toBe(401);
  });
});

describe('account types are kept apart', () => {
  it('refuses a student token on partner endpoints (403)', async () => {
    const studentToken = await signToken(env.TOKEN_SECRET, env.TOKEN_ISSUER, {
      sub: crypto.randomUUID(),
      aud: 'student',
      role: 'student',
      sid: NO_SESSION,
    });
    for (const path of ['/api/partner/profile', '/api/partner/requests']) {
      const res = await request(path, { headers: bearer(studentToken) });
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe('This account cannot do that.');
    }
    const submit = await postJson('/api/hiringrequest/submit', { type: 'employee' }, bearer(studentToken));
    expect(submit.status).toBe(403);
  });

  it('refuses a partner token on a student endpoint (403)', async () => {
    const { token } = await verifiedPartner();
    const studentOnly = new Hono<AppEnv>()
      .use('*', database)
      .get('/student-only', requireAuth('student'), (c) => c.json({ success: true }));
    studentOnly.onError(onError);
    const res = await studentOnly.request('/student-only', { headers: bearer(token) }, env);
    expect(res.status).toBe(403);
    // And the same app accepts a real student token's audience check (so the test can fail).
    const stranger = await studentOnly.request('/student-only', {}, env);
    expect(stranger.status).toBe(401);
  });
});
