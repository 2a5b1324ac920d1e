import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt from node:crypto (nodejs_compat): argon2 has no build that runs in workerd.
// The parameters travel inside the hash string so they can be raised later without a migration:
// OWASP's set N=2^14, r=8, p=5 (16 MiB, fits a Worker's 128 MB); docs/decisions/001-scrypt-passwords.md.
const N = 2 ** 14;
const r = 8;
const p = 5;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number, length: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      length,
      { N: n, r: rr, p: pp, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p, KEY_LENGTH);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  try {
    const key = await derive(
      password,
      Buffer.from(salt, 'base64'),
      Number(n),
      Number(rr),
      Number(pp),
      expected.length,
    );
    return timingSafeEqual(key, expected);
  } catch {
    // A malformed stored hash (bad parameters) is a failed check, not a server error.
    return false;
  }
}

/**
 * True when a stored hash was made with other parameters than today's (or is not ours): the next
 * successful sign-in re-hashes the password it has just checked (see checkLogin).
 */
export function needsRehash(stored: string) {
  const [scheme, n, rr, pp, , hash] = stored.split('$');
  return (
    scheme !== 'scrypt' ||
    Number(n) !== N ||
    Number(rr) !== r ||
    Number(pp) !== p ||
    Buffer.from(hash ?? '', 'base64').length !== KEY_LENGTH
  );
}

/**
 * A hash of a random password, checked when an account does not exist so that a login for an
 * unknown e-mail costs the same time as one for a known e-mail (no account enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export function decoyHash() {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
