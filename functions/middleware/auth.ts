import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { decodeJwt } from 'jose';
import type { AccountType } from '#db/schema/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { declareFact } from '../lib/route-facts.ts';
import { readStaffSession, setStaffSession } from '../lib/staff-cookies.ts';
import { liveSession } from '#db/queries/sessions.ts';
import {
  REMEMBER_SECONDS,
  SESSION_SECONDS,
  TOKEN_TTL_SECONDS,
  signToken,
  verifyToken,
} from '../services/security/tokens.ts';

interface Options {
  /** Where the token travels: the bearer Authorization header, or a custom header (applicants). */
  header?: 'authorization' | 'x-applicant-token';
  /** Roles allowed within the audience (e.g. staff 'admin' only). */
  roles?: readonly string[];
}

/**
 * Requires a valid token for one account type. 401 without a token or with a forged, expired or
 * revoked one, or one whose session has ended (signed out); 403 for a valid token of another
 * account type or role. Near expiry, a token is renewed in the `X-Renewed-Token` response header
 * (up to 12 hours, or 7 days with remember me), in the same session.
 */
export const requireAuth = (audience: AccountType, { header = 'authorization', roles }: Options = {}) =>
  // The middleware says which account its routes require (the fuzzer signs in as that account).
  declareFact(
    createMiddleware<AppEnv>(async (c, next) => {
      // Staff tokens travel only in their HttpOnly cookie (never a header a script could have set).
      const raw =
        audience === 'staff'
          ? readStaffSession(c)
          : header === 'authorization'
            ? c.req.header('Authorization')?.replace(/^Bearer\s+/i, '')
            : c.req.header('X-Applicant-Token');
      if (!raw) throw new HTTPException(401, { message: 'Please log in to continue.' });
      const { tokenSecret, tokenIssuer } = config(c.env);
      const result = await verifyToken(tokenSecret, tokenIssuer, raw, [audience]);
      if (!result.ok) {
        if (result.reason === 'audience')
          throw new HTTPException(403, { message: 'This account cannot do that.' });
        throw new HTTPException(401, {
          message:
            result.reason === 'expired'
              ? 'Your session has expired. Please log in again.'
              : 'Your session is not valid. Please log in again.',
        });
      }
      const { claims } = result;
      if (roles && !roles.includes(claims.role))
        throw new HTTPException(403, { message: 'Your role does not allow this.' });
      const account = await liveSession(c.var.db, audience, claims.sub, claims.sid);
      if (
        !account ||
        !account.live ||
        (account.tokensValidAfter && claims.iat * 1000 < account.tokensValidAfter.getTime())
      ) {
        throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
      }
      c.set('auth', claims);
      c.set('sessionPerson', account.personId);
      await next();

      const now = Math.floor(Date.now() / 1000);
      const maxAge = claims.remember ? REMEMBER_SECONDS : SESSION_SECONDS;
      if (claims.exp - now < TOKEN_TTL_SECONDS / 2 && now - claims.authTime < maxAge) {
        const renewed = await signToken(tokenSecret, tokenIssuer, {
          sub: claims.sub,
          aud: claims.aud,
          role: claims.role,
          sid: claims.sid,
          remember: claims.remember,
          authTime: claims.authTime,
        });
        if (audience === 'staff') setStaffSession(c, renewed);
        else c.header('X-Renewed-Token', renewed);
      }
    }),
    { kind: 'auth', audience, roles },
  );

const applicantDoor = requireAuth('applicant', { header: 'x-applicant-token' });
const studentDoor = requireAuth('student');
const partnerDoor = requireAuth('partner');

/** The audience a bearer token names, read only to choose which door checks it (requireAuth verifies it). */
function claimedAudience(header: string | undefined) {
  try {
    return decodeJwt(header?.replace(/^Bearer\s+/i, '') ?? '').aud;
  } catch {
    return undefined;
  }
}

/**
 * Requires a person's session from any of their doors (the person's own data, such as their
 * documents, is the same whichever role they are signed in as): a job seeker's X-Applicant-Token,
 * or a student's or a partner's bearer token, each checked as its own door checks it.
 */
export const requireAnyDoor = declareFact(
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.header('X-Applicant-Token')) return applicantDoor(c, next);
    const audience = claimedAudience(c.req.header('Authorization'));
    return (audience === 'partner' ? partnerDoor : studentDoor)(c, next);
  }),
  { kind: 'auth', audience: 'student' },
);
