import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { strictCookie } from './staff-cookies.ts';

/**
 * The challenge an e-mailed code is bound to (db/queries/codes.ts `CodeOwner.challenge`): a random
 * id in an HttpOnly cookie of the browser that asked for the code. Codes asked for under it answer
 * only tries made under it, so a stranger who knows the e-mail address can neither guess at the
 * owner's code (their tries carry another challenge, or none) nor use it up, and a code sent for a
 * stranger's request never finishes the owner's flow, or the owner's code a stranger's.
 *
 * One cookie per purpose, kept while it lives: a resend in the same browser stays under the same
 * challenge (its wait and send limits apply), and the code step after it finds it. It lives as long
 * as a code does, plus the time to ask for a new one.
 */
export type ChallengePurpose = 'signin' | 'reset' | 'verify' | 'email-change';

const CHALLENGE_SECONDS = 30 * 60;
const cookieName = (purpose: ChallengePurpose) => `code_${purpose}`;
const ID = /^[0-9a-f-]{36}$/;

/** The challenge this browser holds for `purpose`, if any (a malformed value counts as none). */
export function readChallenge(c: Context, purpose: ChallengePurpose) {
  const value = getCookie(c, cookieName(purpose), 'host');
  return value && ID.test(value) ? value : undefined;
}

/** This browser's challenge for `purpose`: the one it holds, else a new one (set on the answer). */
export function challengeFor(c: Context, purpose: ChallengePurpose) {
  const id = readChallenge(c, purpose) ?? crypto.randomUUID();
  setCookie(c, cookieName(purpose), id, { ...strictCookie, maxAge: CHALLENGE_SECONDS });
  return id;
}

/** Ends the challenge once its flow is done (a used code's challenge opens nothing more). */
export const clearChallenge = (c: Context, purpose: ChallengePurpose) =>
  deleteCookie(c, cookieName(purpose), strictCookie);

/** The cookie names as sent, for tests and scripts that go through a code step over HTTP. */
export const challengeCookieName = (purpose: ChallengePurpose) => `__Host-${cookieName(purpose)}`;
