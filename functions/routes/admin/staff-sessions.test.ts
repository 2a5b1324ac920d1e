// Staff sessions end by their rows, not by a second-granularity time; an ended
// session cannot sign out everywhere; the sign-in challenge (password given, second factor to
// come) signs in once.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import { replaceRecoveryCodes } from '#db/queries/staff-mfa.ts';
import { STAFF_CHALLENGE_COOKIE, STAFF_SESSION_COOKIE } from '#functions/lib/staff-cookies.ts';
import { currentTotp, hashRecoveryCode, newRecoveryCodes } from '#functions/services/accounts/staff-mfa.ts';
import {
  auth,
  cookieFrom,
  db,
  enrolChallenge,
  makeStaff,
  postJson,
  request,
  sessionToken,
  STAFF_PASSWORD,
} from '#functions/test/fixtures/index.ts';

const SITE = 'http://127.0.0.1:8787';
const TIMED_OUT = 'Your sign-in has timed out. Please sign in again.';
const challengeCookie = (challenge: string) => ({
  Cookie: `${STAFF_CHALLENGE_COOKIE}=${challenge}`,
  Origin: SITE,
});
const me = (token: string) => request('/api/admin/auth/me', { headers: auth(token) });

/** The password step's challenge cookie. */
async function passwordStep(email: string) {
  const res = await postJson('/api/admin/auth/login', { email, password: STAFF_PASSWORD });
  expect(res.status).toBe(200);
  return cookieFrom(res, STAFF_CHALLENGE_COOKIE)!;
}
const secondStep = (challenge: string, body: unknown) =>
  postJson('/api/admin/auth/mfa', body, challengeCookie(challenge));

/** Ten recovery codes the staff member holds (stored hashed, as enrolment does). */
async function recoveryCodesFor(staffId: string) {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, staffId, await Promise.all(codes.map(hashRecoveryCode)));
  return codes;
}

/** Waits for the start of a wall-clock second, so what follows happens within one second. */
async function startOfSecond() {
  while (Date.now() % 1000 > 100) await new Promise((r) => setTimeout(r, 10));
}

describe('staff sessions and sign-in challenges', () => {
  it('resetting a second factor ends every session of the person, including one started in the same second', async () => {
    const admin = await makeStaff('admin');
    const other = await makeStaff('editor', {}, { mfa: true });
    await startOfSecond();
    // Signed in within the same second as the reset that follows: the revocation time
    // (whole seconds, like a token's iat) cannot tell it apart, only its session row can.
    const sameSecond = await sessionToken({ sub: other.id, aud: 'staff', role: 'editor' });
    const reset = await postJson(`/api/admin/staff/${other.id}/mfa/reset`, {}, auth(admin.token));
    expect(reset.status).toBe(200);
    expect((await me(sameSecond)).status).toBe(401);
    expect((await me(other.token)).status).toBe(401);
    expect(await db.select().from(t.sessions).where(eq(t.sessions.accountId, other.id))).toEqual([]);
    // The admin who reset it is still signed in.
    expect((await me(admin.token)).status).toBe(200);
  });

  it('an ended staff session cannot sign out everywhere: the session row is checked, not only the signature', async () => {
    const editor = await makeStaff('editor');
    const laptop = await sessionToken({ sub: editor.id, aud: 'staff', role: 'editor' });
    const phone = await sessionToken({ sub: editor.id, aud: 'staff', role: 'editor' });
    expect((await postJson('/api/admin/auth/logout', {}, auth(laptop))).status).toBe(200);
    // The signed-out laptop's cookie (still correctly signed, unexpired) ends nothing.
    const late = await postJson('/api/admin/auth/logout-all', {}, auth(laptop));
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({
      success: false,
      message: 'Your session is not valid. Please log in again.',
    });
    expect((await me(phone)).status).toBe(200);
    // A live session still can, and ends them all.
    const everywhere = await postJson('/api/admin/auth/logout-all', {}, auth(phone));
    expect(everywhere.status).toBe(200);
    expect(await everywhere.json()).toMatchObject({ success: true, ended: 2 });
    expect((await me(phone)).status).toBe(401);
    expect((await me(editor.token)).status).toBe(401);
  });

  it('a sign-in challenge signs in once: replayed after success it opens nothing', async () => {
    const admin = await makeStaff('admin');
    const codes = await recoveryCodesFor(admin.id);
    const challenge = await passwordStep(admin.email);
    const first = await secondStep(challenge, { code: currentTotp(admin.totpSecret!) });
    expect(first.status).toBe(200);
    expect(cookieFrom(first, STAFF_SESSION_COOKIE)).toBeTruthy();
    // A copy of the cookie plus another valid factor (a recovery code) is refused, and the code is not spent.
    const replay = await secondStep(challenge, { recoveryCode: codes[0] });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ message: TIMED_OUT });
    expect(cookieFrom(replay, STAFF_SESSION_COOKIE)).toBeUndefined();
    expect((await secondStep(await passwordStep(admin.email), { recoveryCode: codes[0] })).status).toBe(200);
  });

  it('of five different right factors sent at once with one challenge, exactly one signs in', async () => {
    const admin = await makeStaff('admin');
    const codes = await recoveryCodesFor(admin.id);
    const challenge = await passwordStep(admin.email);
    const sessionsOf = () => db.select().from(t.sessions).where(eq(t.sessions.accountId, admin.id));
    const before = (await sessionsOf()).length; // the fixture's own session
    const answers = await Promise.all(
      codes.slice(0, 5).map((recoveryCode) => secondStep(challenge, { recoveryCode })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
    const sessions = answers.map((r) => cookieFrom(r, STAFF_SESSION_COOKIE)).filter(Boolean);
    expect(sessions).toHaveLength(1);
    expect(await sessionsOf()).toHaveLength(before + 1);
  });

  it('a later password step replaces the earlier challenge, and a reset voids a pending one', async () => {
    const admin = await makeStaff('admin');
    const target = await makeStaff('admin');
    const earlier = await passwordStep(target.email);
    const later = await passwordStep(target.email);
    const stale = await secondStep(earlier, { code: currentTotp(target.totpSecret!) });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ message: TIMED_OUT });
    // Voided by an admin's reset (in the same second it was issued, most likely).
    const pending = await passwordStep(admin.email);
    expect((await postJson(`/api/admin/staff/${target.id}/mfa/reset`, {}, auth(admin.token))).status).toBe(
      200,
    );
    const voided = await secondStep(later, { code: currentTotp(target.totpSecret!) });
    expect(voided.status).toBe(401);
    expect(await voided.json()).toMatchObject({ message: TIMED_OUT });
    // The admin's own pending challenge is untouched by someone else's reset.
    expect((await secondStep(pending, { code: currentTotp(admin.totpSecret!) })).status).toBe(200);
  });

  it('finishing enrolment uses the challenge up: the same cookie cannot set up or enable again', async () => {
    const admin = await makeStaff('admin', {}, { mfa: false });
    const challenge = await enrolChallenge(admin.email);
    const setup = await postJson('/api/admin/auth/mfa/setup', {}, challengeCookie(challenge));
    const { secret } = await setup.json<{ secret: string }>();
    const enabled = await postJson(
      '/api/admin/auth/mfa/enable',
      { code: currentTotp(secret) },
      challengeCookie(challenge),
    );
    expect(enabled.status).toBe(200);
    const again = await postJson('/api/admin/auth/mfa/setup', {}, challengeCookie(challenge));
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ message: TIMED_OUT });
  });
});
