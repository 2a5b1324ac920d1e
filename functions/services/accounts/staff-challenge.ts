import { readPurposeToken, signPurposeToken } from '../security/tokens.ts';

/** How long the second step of a staff sign-in may take. */
export const CHALLENGE_SECONDS = 10 * 60;

/** What is left to do after the password: enter a code, or set up an authenticator first. */
export type ChallengeStage = 'mfa' | 'enrol';

// Its own audience: a challenge is never an account token, and an account token never a challenge.
const AUDIENCE = 'staff-mfa-challenge';

/**
 * Signs the proof that a staff member passed the password step (HS256, 10 minutes). `id` is the
 * challenge's `jti`, stored on the staff row (db/queries/staff-mfa.ts startSignInChallenge): the
 * signature proves who and when, the stored id that this challenge has not been used or replaced.
 */
export function signChallenge(
  secret: string,
  issuer: string,
  staffId: string,
  stage: ChallengeStage,
  id: string,
  now = Date.now(),
) {
  return signPurposeToken(
    secret,
    issuer,
    { audience: AUDIENCE, subject: staffId, id, seconds: CHALLENGE_SECONDS, claims: { stage } },
    now,
  );
}

/** The staff id, stage, id and issue time of a valid challenge, or null (forged, expired, absent). */
export async function verifyChallenge(secret: string, issuer: string, token: string | undefined) {
  const payload = await readPurposeToken(secret, issuer, AUDIENCE, token);
  if (!payload || (payload.stage !== 'mfa' && payload.stage !== 'enrol')) return null;
  return { staffId: payload.sub, stage: payload.stage, id: payload.jti, iat: payload.iat };
}
