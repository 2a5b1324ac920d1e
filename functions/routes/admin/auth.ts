import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DomainError, TooMany } from '#functions/services/errors.ts';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  clearStaffChallenge,
  clearStaffSession,
  readStaffChallenge,
  readStaffSession,
  setStaffChallenge,
  setStaffSession,
} from '#functions/lib/staff-cookies.ts';
import {
  STAFF_EMAIL_CODE_WRONG,
  staffLoginSchema,
  staffMfaCodeSchema,
  staffMfaEnableSchema,
  staffMfaSchema,
  type StaffMfaEnabled,
  type StaffMfaSetup,
  type StaffProfile,
  type StaffSignIn,
  type StaffSignedIn,
} from '#schemas/admin/index.ts';
import {
  acceptTotpStep,
  confirmStaffEnrolment,
  consumeRecoveryCode,
  findStaff,
  findStaffMfa,
  finishSignInChallenge,
  replaceRecoveryCodes,
  staffIdByEmail,
  staffMfaEnabled,
  staffMfaStatus,
  startSignInChallenge,
  startStaffEnrolment,
  type StaffRow,
} from '#db/queries/staff-mfa.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { SIGN_IN_CODE_FORMAT } from '#schemas/sign-in.ts';
import { CODE_REQUIRED, passwordSignIn } from '#functions/lib/sign-in.ts';
import { challengeFor, clearChallenge, readChallenge } from '#functions/lib/code-challenges.ts';
import type { FailureResponse, MessageResponse } from '#schemas/responses.ts';
import {
  enrolmentCodeMatches,
  sendEnrolmentCode,
} from '#functions/services/accounts/staff-enrolment-code.ts';
import { startSession } from '#functions/services/accounts/sessions.ts';
import { endAllSessions, endSession, liveSession } from '#db/queries/sessions.ts';
import { verifyToken } from '#functions/services/security/tokens.ts';
import { writeAudit } from '#db/queries/audit.ts';
import {
  signChallenge,
  verifyChallenge,
  type ChallengeStage,
} from '#functions/services/accounts/staff-challenge.ts';
import {
  MFA_EXTRA_TRIES,
  MFA_RULE,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrSvg,
} from '#functions/services/accounts/staff-mfa.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import { SIGNED_OUT_EVERYWHERE_MESSAGE, SIGNED_OUT_MESSAGE } from '#schemas/sessions.ts';
import type { SignOutResponse } from '#schemas/responses.ts';
import { staffOnly } from './shared.ts';
import { getSite } from '#db/queries/site-content.ts';

type Ctx = Context<AppEnv, string>;

/** A staff member's name for the e-mails of their sign-in. */
const staffName = (db: AppEnv['Variables']['db']) => async (id: string) =>
  (await findStaff(db, id))?.name ?? null;

const TIMED_OUT = 'Your sign-in has timed out. Please sign in again.';
const WRONG_CODE = 'That code is not right. Check that the time on your phone is correct and try again.';
const USED_CODE = 'That code has already been used. Wait for the next code and try again.';
const WRONG_RECOVERY = 'That recovery code is not right or has already been used.';
const ALREADY_ON = 'Two-step sign-in is already on for this account.';

async function profile(db: AppEnv['Variables']['db'], row: StaffRow): Promise<StaffProfile> {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    mfa: await staffMfaStatus(db, row.id),
  };
}

/** The answer that shows new recovery codes (once, never stored in caches). */
function recoveryCodesReply(c: Ctx, recoveryCodes: string[], staff: StaffProfile) {
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, recoveryCodes, staff } satisfies StaffMfaEnabled);
}

/**
 * Signs the person in: a server-side session like every account's, whose token goes into the
 * HttpOnly session cookie, never the body.
 */
async function signIn(c: Ctx, row: StaffRow, how: Record<string, unknown>) {
  setStaffSession(
    c,
    await startSession(c.var.db, config(c.env), { sub: row.id, aud: 'staff', role: row.role }),
  );
  clearStaffChallenge(c);
  await writeAudit(c.var.db, {
    staffId: row.id,
    action: 'staff.login',
    entity: 'staff',
    entityId: row.id,
    after: how,
  });
}

/** The 401 of a half-done sign-in that has lapsed, been used or been replaced. */
function timedOut(c: Ctx): never {
  clearStaffChallenge(c);
  throw new HTTPException(401, { message: TIMED_OUT });
}

/**
 * The staff member halfway through signing in (password given), and the challenge's id, or 401
 * when that has lapsed. The challenge must be the one the staff row still holds: used, replaced by
 * a later password step, or voided by a reset, role change or deactivation, it opens nothing.
 */
async function pendingSignIn(c: Ctx, stage: ChallengeStage) {
  const { tokenSecret, tokenIssuer } = config(c.env);
  const challenge = await verifyChallenge(tokenSecret, tokenIssuer, readStaffChallenge(c));
  const row = challenge?.stage === stage ? await findStaff(c.var.db, challenge.staffId) : undefined;
  if (
    !challenge ||
    !row ||
    !row.isActive ||
    row.signInChallengeId !== challenge.id ||
    (row.tokensValidAfter && challenge.iat * 1000 < row.tokensValidAfter.getTime())
  )
    return timedOut(c);
  return { row, challengeId: challenge.id };
}

/** Uses up the half-done sign-in before a session starts: a challenge signs in once (parallel tries included). */
async function finishChallenge(c: Ctx, staffId: string, challengeId: string) {
  if (!(await finishSignInChallenge(c.var.db, staffId, challengeId))) timedOut(c);
}

/** The signed-in staff member's token claims from the session cookie, without renewing it. */
async function currentClaims(c: Ctx) {
  const raw = readStaffSession(c);
  if (!raw) return undefined;
  const { tokenSecret, tokenIssuer } = config(c.env);
  const result = await verifyToken(tokenSecret, tokenIssuer, raw, ['staff']);
  return result.ok ? result.claims : undefined;
}

/**
 * The claims of a staff session that is still live: a valid signature is not enough, the session
 * row must exist and the account's tokens must not have been revoked since (as requireAuth checks,
 * without its renewal).
 */
async function liveClaims(c: Ctx) {
  const claims = await currentClaims(c);
  if (!claims) return undefined;
  const account = await liveSession(c.var.db, 'staff', claims.sub, claims.sid);
  if (!account?.live || (account.tokensValidAfter && claims.iat * 1000 < account.tokensValidAfter.getTime()))
    return undefined;
  return claims;
}

/**
 * Counts one second-factor try before it is judged (5 per 15 minutes per account; past them, an
 * address's first try), after the flood limits.
 */
async function countTry(c: Ctx, staffId: string) {
  const message = (_: string, seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `Too many codes tried. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  };
  await c.var.limiter.flood('staff', staffId);
  const { pastLimit } = await c.var.limiter.gate('staff', MFA_RULE, staffId, message);
  if (pastLimit) await c.var.limiter.hits([{ limit: MFA_EXTRA_TRIES, subject: staffId }], message);
}

/** Forgets the second-factor tries after a right code. */
const clearTries = (c: Ctx, staffId: string) =>
  c.var.limiter.clear({ name: `staff-${MFA_RULE.name}-account`, ...MFA_RULE.perAccount }, staffId);

/** A wrong second factor: audited, then 401. */
async function refuse(c: Ctx, staffId: string, reason: string, message: string): Promise<never> {
  await writeAudit(c.var.db, {
    staffId: null,
    action: 'staff.mfa_failed',
    entity: 'staff',
    entityId: staffId,
    after: { reason },
  });
  throw new HTTPException(401, { message });
}

/** The signed-in staff member (the session cookie), active; 401 otherwise. */
async function sessionStaff(c: Ctx) {
  await requireAuth('staff')(c, async () => {});
  const row = await findStaff(c.var.db, c.var.auth.sub);
  if (!row || !row.isActive)
    throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
  return row;
}

/**
 * Who is setting up an authenticator: an admin in the middle of signing in (stage 'enrol', reached
 * only with the code e-mailed at the password step), or a signed-in staff member turning it on from
 * the back office (editors: offered, not required), who gives an e-mailed code at `enable`.
 */
async function enrolee(c: Ctx): Promise<{ row: StaffRow; challengeId: string | null }> {
  if (readStaffChallenge(c)) return pendingSignIn(c, 'enrol');
  return { row: await sessionStaff(c), challengeId: null };
}

/** The send limits of e-mailed codes at the password step: silent, the person has a recent code. */
function ignoreSendLimit(error: unknown) {
  if (!(error instanceof TooMany)) throw error;
}

/**
 * Staff sign-in. The password step uses the same check and limits as every account; then an
 * enrolled staff member gives a code from their authenticator (or a recovery code), an admin
 * without one gives a code e-mailed to the staff address and then sets one up, and an editor
 * without one is signed in. Failures are audited.
 */
export const adminAuth = new Hono<AppEnv>()
  .post('/login', validate('json', staffLoginSchema), async (c) => {
    const { email, password, code } = c.req.valid('json');
    const db = c.var.db;
    c.header('Cache-Control', 'no-store');
    let signedIn;
    try {
      signedIn = await passwordSignIn(c, 'staff', { email, password, code }, staffName(db));
    } catch (error) {
      // Wrong passwords and codes (and unknown e-mails) are recorded; refusals by the rate limit are
      // not judged, so they are not (an attacker could otherwise fill the log at no cost).
      if (error instanceof DomainError && !(error instanceof TooMany)) {
        const target = await staffIdByEmail(db, normalizeEmail(email));
        await writeAudit(db, {
          staffId: null,
          action: 'staff.login_failed',
          entity: 'staff',
          entityId: target,
          after: { email: normalizeEmail(email), reason: code ? 'e-mailed code or password' : 'password' },
        });
      }
      throw error;
    }
    if (signedIn.codeSent) return c.json(CODE_REQUIRED satisfies FailureResponse, 401);
    const accountId = signedIn.account.id;
    const row = await findStaff(db, accountId);
    if (!row || !row.isActive) {
      await writeAudit(db, {
        staffId: null,
        action: 'staff.login_failed',
        entity: 'staff',
        entityId: accountId,
        after: { reason: 'deactivated' },
      });
      throw new HTTPException(403, {
        message: 'This staff account has been deactivated. Ask an administrator.',
      });
    }
    const mfa = await findStaffMfa(db, row.id);
    // A first second factor is bound to the account only once the staff address has answered an
    // e-mailed code in this browser: a password alone must never let its holder bind their own
    // authenticator to someone else's account.
    const mustEnrol = !mfa?.confirmedAt && row.role === 'admin';
    if (mustEnrol && !code) {
      await sendEnrolmentCode(db, c.var.mailer, row, challengeFor(c, 'signin')).catch(ignoreSendLimit);
      return c.json(CODE_REQUIRED satisfies FailureResponse, 401);
    }
    const stage: ChallengeStage | null = mfa?.confirmedAt ? 'mfa' : mustEnrol ? 'enrol' : null;
    if (stage) {
      const { tokenSecret, tokenIssuer } = config(c.env);
      const challengeId = await startSignInChallenge(db, row.id);
      setStaffChallenge(c, await signChallenge(tokenSecret, tokenIssuer, row.id, stage, challengeId));
      clearStaffSession(c);
      return c.json({ success: true, step: stage } satisfies StaffSignIn);
    }
    await signIn(c, row, { method: 'password' });
    return c.json({ success: true, step: 'signed-in', staff: await profile(db, row) } satisfies StaffSignIn);
  })
  .post('/mfa', validate('json', staffMfaSchema), async (c) => {
    const { row, challengeId } = await pendingSignIn(c, 'mfa');
    const db = c.var.db;
    await countTry(c, row.id);
    const input = c.req.valid('json');
    if ('code' in input) {
      const mfa = await findStaffMfa(db, row.id);
      const step = mfa?.confirmedAt ? matchTotp(mfa.secret, input.code) : null;
      if (step === null) return refuse(c, row.id, 'wrong code', WRONG_CODE);
      if (!(await acceptTotpStep(db, row.id, step))) return refuse(c, row.id, 'code reused', USED_CODE);
    } else if (!(await consumeRecoveryCode(db, row.id, await hashRecoveryCode(input.recoveryCode)))) {
      return refuse(c, row.id, 'wrong recovery code', WRONG_RECOVERY);
    }
    await clearTries(c, row.id);
    await finishChallenge(c, row.id, challengeId);
    await signIn(c, row, { method: 'code' in input ? 'totp' : 'recovery code' });
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, staff: await profile(db, row) } satisfies StaffSignedIn);
  })
  .post('/mfa/setup', async (c) => {
    // Showing the QR code does not use up a half-done sign-in: the first code (enable) does.
    const { row } = await enrolee(c);
    const secret = newTotpSecret();
    if (!(await startStaffEnrolment(c.var.db, row.id, secret)))
      throw new HTTPException(409, { message: ALREADY_ON });
    const url = otpauthUrl(secret, row.email, (await getSite(c.var.db)).companyName);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, qrSvg: qrSvg(url), otpauthUrl: url, secret } satisfies StaffMfaSetup);
  })
  // From the back office: the code that must come with the first authenticator code (enable), sent
  // to the staff address under this browser's sign-in challenge. Asking again sends a new one.
  .post('/mfa/email-code', async (c) => {
    const row = await sessionStaff(c);
    const db = c.var.db;
    c.header('Cache-Control', 'no-store');
    if (await staffMfaEnabled(db, row.id)) throw new HTTPException(409, { message: ALREADY_ON });
    await c.var.limiter.flood('staff', row.email);
    await sendEnrolmentCode(db, c.var.mailer, row, challengeFor(c, 'signin'));
    return c.json({
      success: true,
      message: `We've e-mailed a code to ${row.email}.`,
    } satisfies MessageResponse);
  })
  .post('/mfa/enable', validate('json', staffMfaEnableSchema), async (c) => {
    const { row, challengeId } = await enrolee(c);
    const db = c.var.db;
    const { code, emailCode } = c.req.valid('json');
    // A session may have been opened with the password alone (editors without a second factor): the
    // staff address answers too before an authenticator is bound. A sign-in at stage 'enrol' gave
    // its e-mailed code at the password step.
    const emailed = challengeId ? null : emailCode;
    if (emailed === undefined) throw new HTTPException(400, { message: SIGN_IN_CODE_FORMAT });
    await countTry(c, row.id);
    const mfa = await findStaffMfa(db, row.id);
    if (mfa?.confirmedAt) throw new HTTPException(409, { message: ALREADY_ON });
    if (!mfa) throw new HTTPException(409, { message: 'Start the set-up again: scan the QR code first.' });
    const step = matchTotp(mfa.secret, code);
    if (step === null) return refuse(c, row.id, 'wrong code at set-up', WRONG_CODE);
    // Judged after the authenticator's code, so a mistyped one does not use up the e-mailed code.
    if (emailed !== null) {
      if (!(await enrolmentCodeMatches(db, row.id, readChallenge(c, 'signin'), emailed)))
        return refuse(c, row.id, 'wrong e-mailed code at set-up', STAFF_EMAIL_CODE_WRONG);
      clearChallenge(c, 'signin');
    }
    if (challengeId) await finishChallenge(c, row.id, challengeId);
    const codes = newRecoveryCodes();
    if (!(await confirmStaffEnrolment(db, row.id, step, await Promise.all(codes.map(hashRecoveryCode)))))
      throw new HTTPException(409, { message: ALREADY_ON });
    await clearTries(c, row.id);
    await writeAudit(db, { staffId: row.id, action: 'staff.mfa_enabled', entity: 'staff', entityId: row.id });
    if (challengeId) await signIn(c, row, { method: 'totp', enrolled: true });
    return recoveryCodesReply(c, codes, await profile(db, row));
  })
  .post('/mfa/recovery-codes', staffOnly, validate('json', staffMfaCodeSchema), async (c) => {
    // New recovery codes need a current code from the authenticator, not just the session.
    const row = await findStaff(c.var.db, c.var.auth.sub);
    const db = c.var.db;
    if (!row) throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    await countTry(c, row.id);
    const mfa = await findStaffMfa(db, row.id);
    if (!mfa?.confirmedAt) throw new HTTPException(409, { message: 'Turn on two-step sign-in first.' });
    const step = matchTotp(mfa.secret, c.req.valid('json').code);
    if (step === null) return refuse(c, row.id, 'wrong code for new recovery codes', WRONG_CODE);
    if (!(await acceptTotpStep(db, row.id, step))) return refuse(c, row.id, 'code reused', USED_CODE);
    await clearTries(c, row.id);
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(db, row.id, await Promise.all(codes.map(hashRecoveryCode)));
    await writeAudit(db, {
      staffId: row.id,
      action: 'staff.recovery_codes',
      entity: 'staff',
      entityId: row.id,
    });
    return recoveryCodesReply(c, codes, await profile(db, row));
  })
  // Sign-out ends the session on the server like every account's. Not behind staffOnly: the
  // cookies are cleared even when the session has already ended, and requireAuth's renewal must
  // not set a fresh session cookie on the very answer that signs out.
  .post('/logout', async (c) => {
    const claims = await currentClaims(c);
    if (claims) await endSession(c.var.db, 'staff', claims.sub, claims.sid);
    clearStaffSession(c);
    clearStaffChallenge(c);
    c.header('Cache-Control', 'no-store');
    return c.json({
      success: true,
      message: SIGNED_OUT_MESSAGE,
      ended: claims ? 1 : 0,
    } satisfies SignOutResponse);
  })
  .post('/logout-all', async (c) => {
    // An ended session (signed out, revoked) cannot end the others: the row is checked, not only the signature.
    const claims = await liveClaims(c);
    if (!claims) throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    const ended = await endAllSessions(c.var.db, 'staff', claims.sub);
    clearStaffSession(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: SIGNED_OUT_EVERYWHERE_MESSAGE, ended } satisfies SignOutResponse);
  })
  .get('/me', staffOnly, async (c) => {
    const row = await findStaff(c.var.db, c.var.auth.sub);
    if (!row || !row.isActive)
      throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    c.header('Cache-Control', 'no-store');
    return c.json((await profile(c.var.db, row)) satisfies StaffProfile);
  });
