import { SignJWT, jwtVerify } from 'jose';

/**
 * Signed unsubscribe links for job alerts: the token names one alert and is signed with the token
 * secret under its own audience, so it can never open an account and an account token can never
 * unsubscribe. No expiry: a link in an old e-mail must still work; once the alert is deleted the
 * token has nothing left to do (a "used" link gets a clear page).
 */
const AUDIENCE = 'job-alert-unsubscribe';

const key = (secret: string) => new TextEncoder().encode(secret);

export function signUnsubscribeToken(secret: string, issuer: string, alertId: string) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject(alertId)
    .setIssuedAt()
    .sign(key(secret));
}

/** The alert id of a genuine token, or undefined for a forged, altered or malformed one. */
export async function verifyUnsubscribeToken(
  secret: string,
  issuer: string,
  token: string,
): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer,
      audience: AUDIENCE,
    });
    return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

/** The link in each digest (and its List-Unsubscribe header): GET shows a confirm page, POST unsubscribes. */
export const unsubscribeUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/api/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
