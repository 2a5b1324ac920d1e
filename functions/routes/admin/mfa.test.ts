import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { request, postJson } from '#functions/test/fixtures/index.ts';
import * as t from '#db/schema/index.ts';
import { STAFF_CHALLENGE_COOKIE, STAFF_SESSION_COOKIE } from '#functions/lib/staff-cookies.ts';
import { auth, cookieFrom, db, makeStaff, STAFF_PASSWORD } from '#functions/test/fixtures/index.ts';
import {
  aBrowser,
  codeIn,
  ENROLMENT_MAIL,
  enrolChallenge,
  SIGN_IN_CHALLENGE_COOKIE,
  testBrand,
  waitForCode,
  waitForMail,
} from '#functions/test/fixtures/index.ts';

const SITE = 'http://127.0.0.1:8787';

/** The code an authenticator app shows for a secret (computed with the same library as an app would). */
const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  });

const withCookie = (name: string, value: string) => ({ Cookie: `${name}=${value}`, Origin: SITE });

/** The answer that asks for the e-mailed code (schemas/sign-in.ts). */
const CODE_REQUIRED = {
  success: false,
  message: "We've e-mailed you a code to finish signing in.",
  codeRequired: true,
};
const WRONG_EMAIL_CODE =
  'That code from the e-mail is not right or has expired. Check the e-mail, or send a new code.';

/** The password step: the response and the challenge cookie it set. */
async function passwordStep(email: string, password = STAFF_PASSWORD) {
  const res = await postJson('/api/admin/auth/login', { email, password });
  return {
    res,
    body: await res.json<Record<string, unknown>>(),
    challenge: cookieFrom(res, STAFF_CHALLENGE_COOKIE),
  };
}

const secondStep = (challenge: string, body: unknown) =>
  postJson('/api/admin/auth/mfa', body, withCookie(STAFF_CHALLENGE_COOKIE, challenge));

async function auditOf(staffId: string, action: string) {
  return db
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entityId, staffId), eq(t.auditLog.action, action)))
    .orderBy(desc(t.auditLog.createdAt));
}

describe('staff second factor (TOTP)', () => {
  it('makes an admin without a factor enrol (QR code, first code, ten recovery codes) before any session exists', async () => {
    const admin = await makeStaff('admin', {}, { mfa: false });
    const challenge = await enrolChallenge(admin.email);

    // The half-done sign-in opens nothing in the back office.
    expect(
      (await request('/api/admin/dashboard', { headers: withCookie(STAFF_SESSION_COOKIE, challenge) }))
        .status,
    ).toBe(401);

    const setup = await postJson(
      '/api/admin/auth/mfa/setup',
      {},
      withCookie(STAFF_CHALLENGE_COOKIE, challenge),
    );
    expect(setup.status).toBe(200);
    const { qrSvg, otpauthUrl, secret } = await setup.json<{
      qrSvg: string;
      otpauthUrl: string;
      secret: string;
    }>();
    expect(qrSvg).toMatch(/^<svg[\s\S]+<\/svg>$/);
    expect(otpauthUrl.startsWith(`otpauth://totp/${encodeURIComponent(testBrand.companyName)}:`)).toBe(true);
    expect(otpauthUrl).toMatch(/\?.*secret=/);
    expect(otpauthUrl).toContain(`secret=${secret}`);

    const wrong = await postJson(
      '/api/admin/auth/mfa/enable',
      { code: '000000' === codeAt(secret) ? '111111' : '000000' },
      withCookie(STAFF_CHALLENGE_COOKIE, challenge),
    );
    expect(wrong.status).toBe(401);
    const enabled = await postJson(
      '/api/admin/auth/mfa/enable',
      { code: codeAt(secret) },
      withCookie(STAFF_CHALLENGE_COOKIE, challenge),
    );
    expect(enabled.status).toBe(200);
    const done = await enabled.json<{
      recoveryCodes: string[];
      staff: { mfa: { enabled: boolean; recoveryCodesLeft: number } };
    }>();
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    for (const code of done.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(done.staff.mfa).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Stored hashed: no recovery code appears in the table.
    const stored = await db
      .select()
      .from(t.staffRecoveryCodes)
      .where(eq(t.staffRecoveryCodes.staffId, admin.id));
    expect(stored).toHaveLength(10);
    for (const row of stored)
      expect(done.recoveryCodes.map((c) => c.replace('-', ''))).not.toContain(row.codeHash);
    expect(stored.map((r) => r.codeHash).join()).not.toContain(done.recoveryCodes[0]!.slice(0, 5));

    const session = cookieFrom(enabled, STAFF_SESSION_COOKIE)!;
    expect(session).toBeTruthy();
    expect(cookieFrom(enabled, STAFF_CHALLENGE_COOKIE)).toBe('');
    expect((await request('/api/admin/dashboard', { headers: auth(session) })).status).toBe(200);
    expect(await auditOf(admin.id, 'staff.mfa_enabled')).toHaveLength(1);
  });

  it('refuses a session token of an admin whose factor is off (e.g. reset) with "enrol first"', async () => {
    const admin = await makeStaff('admin', {}, { mfa: false });
    const res = await request('/api/admin/dashboard', { headers: auth(admin.token) });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      message: 'Set up two-step sign-in before using the back office.',
    });
  });

  it('signs in an enrolled admin with a code; the same code again is refused (replay), and failures are audited', async () => {
    const admin = await makeStaff('admin');
    const first = await passwordStep(admin.email);
    expect(first.body).toEqual({ success: true, step: 'mfa' });
    const code = codeAt(admin.totpSecret!);
    const ok = await secondStep(first.challenge!, { code });
    expect(ok.status).toBe(200);
    expect((await ok.json<{ staff: { id: string } }>()).staff.id).toBe(admin.id);
    expect(cookieFrom(ok, STAFF_SESSION_COOKIE)).toBeTruthy();

    // Someone who saw the code (and knows the password) within its 30 seconds gets nothing.
    const again = await passwordStep(admin.email);
    const replay = await secondStep(again.challenge!, { code });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({
      message: 'That code has already been used. Wait for the next code and try again.',
    });
    expect(cookieFrom(replay, STAFF_SESSION_COOKIE)).toBeUndefined();
    // An earlier code of the window is refused too once a later one was used.
    expect(
      (await secondStep(again.challenge!, { code: codeAt(admin.totpSecret!, Date.now() - 30_000) })).status,
    ).toBe(401);
    // The next step's code (a phone clock 30 s ahead) still works.
    expect(
      (await secondStep(again.challenge!, { code: codeAt(admin.totpSecret!, Date.now() + 30_000) })).status,
    ).toBe(200);

    const failures = await auditOf(admin.id, 'staff.mfa_failed');
    expect(failures.map((f) => (f.after as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['code reused']),
    );
    expect((await auditOf(admin.id, 'staff.login')).length).toBe(2);
  });

  it('accepts each recovery code once, even when the same code is sent 5 times in parallel', async () => {
    const admin = await makeStaff('admin', {}, { mfa: false });
    const challenge = await enrolChallenge(admin.email);
    const { secret } = await (
      await postJson('/api/admin/auth/mfa/setup', {}, withCookie(STAFF_CHALLENGE_COOKIE, challenge))
    ).json<{ secret: string }>();
    const enabled = await (
      await postJson(
        '/api/admin/auth/mfa/enable',
        { code: codeAt(secret) },
        withCookie(STAFF_CHALLENGE_COOKIE, challenge),
      )
    ).json<{ recoveryCodes: string[] }>();
    const [code] = enabled.recoveryCodes;

    const next = await passwordStep(admin.email);
    expect(next.body.step).toBe('mfa');
    // Typed with capitals and spaces, as people do.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        secondStep(next.challenge!, { recoveryCode: ` ${code!.toUpperCase().replace('-', ' ')} ` }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
    const me = await (
      await request('/api/admin/auth/me', {
        headers: auth(
          cookieFrom(
            answers.find((r) => r.status === 200)!,
            STAFF_SESSION_COOKIE,
          )!,
        ),
      })
    ).json<{ mfa: { recoveryCodesLeft: number } }>();
    expect(me.mfa.recoveryCodesLeft).toBe(9);
    const reuse = await secondStep((await passwordStep(admin.email)).challenge!, { recoveryCode: code });
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({
      message: 'That recovery code is not right or has already been used.',
    });
  });

  it('counts code tries atomically: of 20 parallel wrong codes from one address at most 5 are judged, then even the right code waits', async () => {
    const admin = await makeStaff('admin');
    const { challenge } = await passwordStep(admin.email);
    const right = codeAt(admin.totpSecret!);
    const wrong = right === '123456' ? '654321' : '123456';
    // One address: past the 5, only another address's first try is judged.
    const from = { 'CF-Connecting-IP': '198.51.100.77' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postJson(
          '/api/admin/auth/mfa',
          { code: wrong },
          { ...withCookie(STAFF_CHALLENGE_COOKIE, challenge!), ...from },
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const late = await postJson(
      '/api/admin/auth/mfa',
      { code: right },
      { ...withCookie(STAFF_CHALLENGE_COOKIE, challenge!), ...from },
    );
    expect(late.status).toBe(429);
    expect(late.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await late.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many codes tried\. Please try again in \d+ minutes?\.$/),
    });
    expect((await auditOf(admin.id, 'staff.mfa_failed')).length).toBeLessThanOrEqual(5);
  });

  it('audits failed password sign-ins, for staff e-mails and unknown ones', async () => {
    const editor = await makeStaff('editor');
    expect((await passwordStep(editor.email, 'not the password')).res.status).toBe(401);
    const [entry] = await auditOf(editor.id, 'staff.login_failed');
    expect(entry).toMatchObject({
      staffId: null,
      entity: 'staff',
      after: { email: editor.email, reason: 'password' },
    });
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    expect((await passwordStep(unknown, 'whatever it is')).res.status).toBe(401);
    const rows = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'staff.login_failed'));
    expect(rows.some((r) => (r.after as { email?: string }).email === unknown)).toBe(true);
  });

  it('an admin without a factor reaches the set-up only with the code e-mailed to the staff address, in the browser that asked', async () => {
    const admin = await makeStaff('admin', {}, { mfa: false });
    const credentials = { email: admin.email, password: STAFF_PASSWORD };
    const owner = aBrowser();
    // The right password alone, however often, is answered with an e-mailed code: no set-up, no session.
    for (let i = 0; i < 2; i++) {
      const res = await owner.post('/api/admin/auth/login', credentials);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(CODE_REQUIRED);
      expect(cookieFrom(res, STAFF_CHALLENGE_COOKIE)).toBeUndefined();
      expect(cookieFrom(res, STAFF_SESSION_COOKIE) ?? '').toBe('');
    }
    expect(owner.cookies.get(SIGN_IN_CHALLENGE_COOKIE)).toBeTruthy();
    expect((await owner.post('/api/admin/auth/mfa/setup', {})).status).toBe(401);
    const mail = await waitForMail(admin.email, ENROLMENT_MAIL);
    expect(mail.text).toContain('link an authenticator app');
    const code = codeIn(mail)!;
    // Whoever else has the password and the code (read over a shoulder, or from the inbox) gets
    // nowhere from another browser: without a challenge of the owner's, or with one of their own.
    const bare = await postJson('/api/admin/auth/login', { ...credentials, code });
    expect(bare.status).toBe(400);
    expect(cookieFrom(bare, STAFF_CHALLENGE_COOKIE)).toBeUndefined();
    const stranger = aBrowser();
    expect(await (await stranger.post('/api/admin/auth/login', credentials)).json()).toEqual(CODE_REQUIRED);
    const theirs = await stranger.post('/api/admin/auth/login', { ...credentials, code });
    expect(theirs.status).toBe(400);
    expect(await theirs.json()).toMatchObject({
      message: 'That code is not right or has expired. Check the e-mail, or sign in again for a new code.',
    });
    expect(stranger.cookies.has(STAFF_CHALLENGE_COOKIE)).toBe(false);
    expect(
      (await db.select().from(t.staffMfa).where(eq(t.staffMfa.staffId, admin.id))).filter(
        (m) => m.confirmedAt,
      ),
    ).toEqual([]);
    // The owner's browser, with the same code: the set-up, then signed in.
    const step = await owner.post('/api/admin/auth/login', { ...credentials, code });
    expect(step.status).toBe(200);
    expect(await step.json()).toEqual({ success: true, step: 'enrol' });
    expect(owner.cookies.has(SIGN_IN_CHALLENGE_COOKIE)).toBe(false);
    const { secret } = await (await owner.post('/api/admin/auth/mfa/setup', {})).json<{ secret: string }>();
    const enabled = await owner.post('/api/admin/auth/mfa/enable', { code: codeAt(secret) });
    expect(enabled.status).toBe(200);
    expect(owner.cookies.get(STAFF_SESSION_COOKIE)).toBeTruthy();
    // The code worked once.
    expect((await owner.post('/api/admin/auth/login', { ...credentials, code })).status).toBe(400);
  });

  it('lets a signed-in editor turn the factor on only with a code e-mailed to the staff address, in the same browser', async () => {
    const editor = await makeStaff('editor');
    const laptop = aBrowser();
    const signedIn = await laptop.post('/api/admin/auth/login', {
      email: editor.email,
      password: STAFF_PASSWORD,
    });
    expect(await signedIn.json()).toMatchObject({
      step: 'signed-in',
      staff: { role: 'editor', mfa: { enabled: false, recoveryCodesLeft: 0 } },
    });
    const session = laptop.cookies.get(STAFF_SESSION_COOKIE)!;
    const setup = await laptop.post('/api/admin/auth/mfa/setup', {});
    expect(setup.status).toBe(200);
    const { secret } = await setup.json<{ secret: string }>();
    const confirmed = async () =>
      (await db.select().from(t.staffMfa).where(eq(t.staffMfa.staffId, editor.id)))[0]?.confirmedAt ?? null;

    // The session opened with the password alone, and the new app's code, bind nothing.
    const alone = await laptop.post('/api/admin/auth/mfa/enable', { code: codeAt(secret) });
    expect(alone.status).toBe(400);
    expect(await alone.json()).toMatchObject({ message: 'Enter the 6-digit code we e-mailed you.' });
    const guessed = await laptop.post('/api/admin/auth/mfa/enable', {
      code: codeAt(secret),
      emailCode: '123456',
    });
    expect(guessed.status).toBe(401);
    expect(await guessed.json()).toMatchObject({ message: WRONG_EMAIL_CODE });

    const sent = await laptop.post('/api/admin/auth/mfa/email-code', {});
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({
      success: true,
      message: `We've e-mailed a code to ${editor.email}.`,
    });
    const emailCode = await waitForCode(editor.email, ENROLMENT_MAIL);
    // Asked again at once: the one-minute wait of every e-mailed code.
    const again = await laptop.post('/api/admin/auth/mfa/email-code', {});
    expect(again.status).toBe(429);
    expect(again.headers.get('Retry-After')).toMatch(/^\d+$/);
    // The session cookie copied to another browser, with the code but not the laptop's challenge.
    const elsewhere = await postJson(
      '/api/admin/auth/mfa/enable',
      { code: codeAt(secret), emailCode },
      auth(session),
    );
    expect(elsewhere.status).toBe(401);
    expect(await elsewhere.json()).toMatchObject({ message: WRONG_EMAIL_CODE });
    // A mistyped authenticator code does not use the e-mailed code up.
    const wrongApp = await laptop.post('/api/admin/auth/mfa/enable', {
      code: codeAt(secret) === '000000' ? '111111' : '000000',
      emailCode,
    });
    expect(wrongApp.status).toBe(401);
    expect(await confirmed()).toBeNull();

    const enabled = await laptop.post('/api/admin/auth/mfa/enable', { code: codeAt(secret), emailCode });
    expect(enabled.status).toBe(200);
    expect(await enabled.json()).toMatchObject({ staff: { mfa: { enabled: true, recoveryCodesLeft: 10 } } });
    expect(await confirmed()).toBeInstanceOf(Date);
    expect(await auditOf(editor.id, 'staff.mfa_enabled')).toHaveLength(1);
    expect((await laptop.post('/api/admin/auth/mfa/setup', {})).status).toBe(409);
    expect((await laptop.post('/api/admin/auth/mfa/email-code', {})).status).toBe(409);
    // From now on the editor's sign-in asks for a code too.
    expect((await passwordStep(editor.email)).body).toEqual({ success: true, step: 'mfa' });
  });

  it('puts the session in an HttpOnly, Secure, SameSite=Strict __Host- cookie; logout removes it', async () => {
    const editor = await makeStaff('editor');
    const { res } = await passwordStep(editor.email);
    const line = res.headers.getSetCookie().find((l) => l.startsWith(`${STAFF_SESSION_COOKIE}=`))!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/Domain=/i);
    expect(STAFF_SESSION_COOKIE.startsWith('__Host-')).toBe(true);
    const out = await postJson('/api/admin/auth/logout', {}, auth(cookieFrom(res, STAFF_SESSION_COOKIE)!));
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((l) => l.startsWith(`${STAFF_SESSION_COOKIE}=`))).toMatch(
      /Max-Age=0/,
    );
  });

  it('voids a half-done sign-in after a password reset, and refuses a forged or missing challenge', async () => {
    const admin = await makeStaff('admin');
    const { challenge } = await passwordStep(admin.email);
    expect((await secondStep('forged.challenge.token', { code: '123456' })).status).toBe(401);
    expect((await postJson('/api/admin/auth/mfa', { code: '123456' })).status).toBe(401);
    await new Promise((r) => setTimeout(r, 1100));
    await db
      .update(t.staff)
      .set({ tokensValidAfter: new Date(Math.floor(Date.now() / 1000) * 1000) })
      .where(eq(t.staff.id, admin.id));
    const res = await secondStep(challenge!, { code: codeAt(admin.totpSecret!) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Your sign-in has timed out. Please sign in again.' });
  });

  it("lets an admin reset another staff member's factor (lost phone): audited, their sessions end", async () => {
    const admin = await makeStaff('admin');
    const other = await makeStaff('admin');
    await new Promise((r) => setTimeout(r, 1100)); // revocation has whole-second precision
    const res = await postJson(`/api/admin/staff/${other.id}/mfa/reset`, {}, auth(admin.token));
    expect(res.status).toBe(200);
    expect(await db.select().from(t.staffMfa).where(eq(t.staffMfa.staffId, other.id))).toHaveLength(0);
    expect((await request('/api/admin/auth/me', { headers: auth(other.token) })).status).toBe(401);
    // Set up again at the next sign-in, once the staff address has answered an e-mailed code.
    expect((await passwordStep(other.email)).body).toEqual(CODE_REQUIRED);
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'staff.mfa_reset'), eq(t.auditLog.entityId, other.id)));
    expect(entry!.staffId).toBe(admin.id);
    expect((await postJson(`/api/admin/staff/${admin.id}/mfa/reset`, {}, auth(admin.token))).status).toBe(
      409,
    );
  });
});

describe('CSRF (origin) check on staff writes', () => {
  it('refuses a form-encoded or multipart staff write from another origin, and allows the site itself', async () => {
    const editor = await makeStaff('editor');
    const form = () => {
      const f = new FormData();
      f.set('file', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' }));
      return f;
    };
    const cookie = { Cookie: `${STAFF_SESSION_COOKIE}=${editor.token}` };
    for (const headers of [
      { ...cookie, Origin: 'https://evil.example' },
      { ...cookie, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      cookie,
    ]) {
      const res = await request('/api/admin/uploads', { method: 'POST', headers, body: form() });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        success: false,
        message: 'This request came from another site and was refused.',
      });
    }
    const text = await request('/api/admin/auth/logout', {
      method: 'POST',
      headers: { ...cookie, Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(403);
    // From the site itself the same upload reaches the handler (which judges the file).
    const same = await request('/api/admin/uploads', {
      method: 'POST',
      headers: { ...cookie, Origin: SITE },
      body: form(),
    });
    expect(same.status).not.toBe(403);
    const fetchMeta = await request('/api/admin/uploads', {
      method: 'POST',
      headers: { ...cookie, 'Sec-Fetch-Site': 'same-origin' },
      body: form(),
    });
    expect(fetchMeta.status).not.toBe(403);
  });
});
