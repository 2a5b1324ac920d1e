import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { RECOVERY_CODE_COUNT } from '#schemas/admin/index.ts';
import type { Limit } from '../security/rate-limit.ts';

const PERIOD_SECONDS = 30;

/**
 * Second-factor codes tried per staff member: 5 per 15 minutes, counted before a code is judged
 * (one atomic upsert in rate_limits), so parallel guesses cannot exceed it. A `gate`
 * (services/security/rate-limit.ts): past the 5, an address's first try is still judged, so whoever burns the
 * tries cannot keep the owner from signing in.
 */
export const MFA_RULE = {
  name: 'mfa',
  perAddress: { max: 100, windowSeconds: 15 * 60 },
  perAccount: { max: 5, windowSeconds: 15 * 60 },
} satisfies { name: string; perAddress: Omit<Limit, 'name'>; perAccount: Omit<Limit, 'name'> };

/**
 * Past MFA_RULE's 5, the first tries of new addresses judged in the same window: 5 more at most, so
 * someone holding the password and many addresses still gets no more than 10 codes judged in 15
 * minutes (a one-time code has no try counter of its own, unlike the e-mailed ones).
 */
export const MFA_EXTRA_TRIES: Limit = { name: 'staff-mfa-extra', max: 5, windowSeconds: 15 * 60 };

/** A fresh 160-bit TOTP secret (RFC 4226's recommended length), base32 as apps expect. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

// The issuer is only what an authenticator app shows above the code: codes do not depend on it.
const totp = (secret: string, label = 'staff', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/**
 * The otpauth:// URL an authenticator app reads from the QR code (Key Uri Format). `issuer` is the
 * name the app shows above the code: the company's (the site block's companyName).
 */
export const otpauthUrl = (secret: string, email: string, issuer: string) =>
  totp(secret, email, issuer).toString();

/** The QR code of an otpauth:// URL as SVG markup (rendered by uqr; shown as an image). */
export const qrSvg = (url: string) => renderSVG(url, { border: 2 });

/**
 * The 30-second time step a code belongs to, when it matches the secret now or one step either
 * side (a phone's clock a little off); null when it does not match.
 */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The current code for a secret (development's demo command and the tests). */
export const currentTotp = (secret: string, now = Date.now()) => totp(secret).generate({ timestamp: now });

// Letters and digits that cannot be misread for each other (no 0/o, 1/l/i).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes like `k7m2p-x9qte` (50 bits each), from the cryptographic random source. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT) {
  return Array.from({ length: count }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    // 256 is not a multiple of 31: reject the top values so every character is equally likely.
    const chars: string[] = [];
    for (const b of bytes) {
      let v = b;
      while (v >= 248) v = crypto.getRandomValues(new Uint8Array(1))[0]!;
      chars.push(ALPHABET[v % ALPHABET.length]!);
    }
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/**
 * SHA-256 of a recovery code as typed, lower-cased, without spaces or hyphens. A fast hash is
 * enough here: the codes are random with 50 bits each, not chosen by people like passwords.
 */
export async function hashRecoveryCode(code: string) {
  const normalized = code.toLowerCase().replace(/[\s-]+/g, '');
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`staff-recovery:${normalized}`),
  );
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
