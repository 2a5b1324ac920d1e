import { SignJWT, jwtVerify, errors } from 'jose';

/** How long a receipt link works; an expired one can ask for a fresh link by e-mail. */
export const RECEIPT_LINK_DAYS = 30;
/** The audience of receipt tokens: never an account token, and no account token opens a receipt. */
const AUDIENCE = 'payment-receipt';

const key = (secret: string) => new TextEncoder().encode(secret);

/** A signed token that opens one payment's receipt until it expires. */
export async function signReceiptToken(secret: string, issuer: string, paymentId: string, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject(paymentId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + RECEIPT_LINK_DAYS * 24 * 60 * 60)
    .sign(key(secret));
}

export type ReceiptTokenResult = { ok: true } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a receipt token for one payment id: signature (HS256 only), issuer, audience, subject and
 * expiry. "expired" is only said of a token we really issued for this payment (its signature and
 * claims are checked first), so it can be trusted to ask for a fresh link.
 */
export async function verifyReceiptToken(
  secret: string,
  issuer: string,
  token: string,
  paymentId: string,
): Promise<ReceiptTokenResult> {
  try {
    await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer,
      audience: AUDIENCE,
      subject: paymentId,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return { ok: true };
  } catch (error) {
    // jose checks the signature before the claims: JWTExpired means a genuine token, past its time.
    // Its subject still has to be this payment's.
    if (
      error instanceof errors.JWTExpired &&
      error.payload.sub === paymentId &&
      error.payload.aud === AUDIENCE &&
      error.payload.iss === issuer
    ) {
      return { ok: false, reason: 'expired' };
    }
    return { ok: false, reason: 'invalid' };
  }
}
