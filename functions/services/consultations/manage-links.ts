import { SignJWT, jwtVerify } from 'jose';
import { MANAGE_LINK_DAYS_AFTER } from '#schemas/consultation-rules.ts';
import { consultationPath } from '#schemas/paths.ts';
import { config } from '../../lib/config.ts';

/**
 * The link in every e-mail about a consultation, which lets the person see, move or cancel it
 * without an account: a token signed with the token secret under its own audience, naming one
 * meeting. It carries no expiry of its own: a meeting can move, and the link in an older e-mail
 * must show it as it is now, so the link stops working a week after the meeting's current end
 * (checked by the route against the row), not at a time fixed when the e-mail was written.
 */
const AUDIENCE = 'consultation-manage';

const key = (secret: string) => new TextEncoder().encode(secret);

export function signManageToken(secret: string, issuer: string, consultationId: string) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject(consultationId)
    .setIssuedAt()
    .sign(key(secret));
}

/** Whether a token is genuine and names this meeting. */
export async function verifyManageToken(
  secret: string,
  issuer: string,
  token: string,
  consultationId: string,
) {
  try {
    await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer,
      audience: AUDIENCE,
      subject: consultationId,
      requiredClaims: ['sub'],
    });
    return true;
  } catch {
    return false;
  }
}

/** Whether a meeting that ended at `end` is past its manage link's lifetime. */
export const manageLinkExpired = (end: Date, now: Date) =>
  now.getTime() > end.getTime() + MANAGE_LINK_DAYS_AFTER * 24 * 60 * 60 * 1000;

/** The manage page's address with its token, relative or under the site's origin. */
export const manageUrl = (id: string, token: string, siteUrl = '') =>
  `${siteUrl.replace(/\/$/, '')}${consultationPath(id)}?t=${encodeURIComponent(token)}`;

/** A meeting's manage link, relative (an API answer) and under the site's origin (the e-mails). */
export async function manageLinks(env: Env, id: string) {
  const { tokenSecret, tokenIssuer, siteUrl } = config(env);
  const token = await signManageToken(tokenSecret, tokenIssuer, id);
  return { relative: manageUrl(id, token), absolute: manageUrl(id, token, siteUrl), siteUrl };
}
