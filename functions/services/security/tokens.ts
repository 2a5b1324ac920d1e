import { SignJWT, jwtVerify, errors } from 'jose';
import type { AccountType } from '#db/schema/index.ts';

/** Access tokens live one hour; "remember me" lets them be renewed on use for up to 7 days. */
export const TOKEN_TTL_SECONDS = 60 * 60;
// Session lifetimes are retention periods the privacy page states: schemas/retention.ts.
export { REMEMBER_SECONDS, SESSION_SECONDS } from '#schemas/retention.ts';

export interface TokenClaims {
  /** Account id. */
  sub: string;
  /** Audience: which kind of account this token opens. */
  aud: AccountType;
  /** Role within the account type (student, partner, applicant, admin, editor). */
  role: string;
  /** Server-side session id (the `sessions` row): renewals keep it, signing out deletes it. */
  sid: string;
  /** When the person signed in with a password (seconds); renewals keep it. */
  authTime: number;
  remember: boolean;
  iat: number;
  exp: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(
  secret: string,
  issuer: string,
  claims: { sub: string; aud: AccountType; role: string; sid: string; remember?: boolean; authTime?: number },
  now = Date.now(),
) {
  const iat = Math.floor(now / 1000);
  return new SignJWT({
    role: claims.role,
    id: claims.sub,
    sid: claims.sid,
    auth_time: claims.authTime ?? iat,
    rme: claims.remember ?? false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(claims.aud)
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

export type VerifyResult =
  { ok: true; claims: TokenClaims } | { ok: false; reason: 'invalid' | 'expired' | 'audience' };

/**
 * Verifies signature (HS256 only), issuer, expiry and the required claims. The audience is
 * checked separately so a valid token of another account type can be told apart (403) from
 * a forged or expired one (401).
 */
export async function verifyToken(
  secret: string,
  issuer: string,
  token: string,
  audiences: readonly AccountType[],
): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer,
      // A token without a session id predates server-side sessions and cannot be revoked: refused.
      requiredClaims: ['sub', 'aud', 'exp', 'iat', 'role', 'sid'],
    });
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    if (!aud || !audiences.includes(aud as AccountType)) return { ok: false, reason: 'audience' };
    return {
      ok: true,
      claims: {
        sub: payload.sub!,
        aud: aud as AccountType,
        role: String(payload.role),
        sid: String(payload.sid),
        authTime: typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat!,
        remember: payload.rme === true,
        iat: payload.iat!,
        exp: payload.exp!,
      },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/**
 * A short token for one purpose other than an account's session (a staff sign-in challenge, a known
 * device): HS256, its own audience (so no such token is ever taken for another, or for a session),
 * a subject, an id and a lifetime.
 */
export function signPurposeToken(
  secret: string,
  issuer: string,
  purpose: {
    audience: string;
    subject: string;
    id: string;
    seconds: number;
    claims?: Record<string, unknown>;
  },
  now = Date.now(),
) {
  const iat = Math.floor(now / 1000);
  return new SignJWT(purpose.claims ?? {})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(purpose.audience)
    .setSubject(purpose.subject)
    .setJti(purpose.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + purpose.seconds)
    .sign(key(secret));
}

/** The payload of a valid `signPurposeToken` token for `audience` (subject, id and times checked), or null. */
export async function readPurposeToken(
  secret: string,
  issuer: string,
  audience: string,
  token: string | undefined,
) {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer,
      audience,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    return payload as typeof payload & { sub: string; jti: string; iat: number; exp: number };
  } catch {
    return null;
  }
}
