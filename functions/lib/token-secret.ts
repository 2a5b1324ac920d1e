// TOKEN_SECRET is the HS256 key of every session token and signed link (receipts, confirmations,
// unsubscribes): whoever can guess it can sign in as anyone. HS256 wants a key of 256 bits, so the
// secret must be at least 32 random bytes, written as hex or base64 (base64url too) the way a
// generator prints them. Randomness cannot be proved from one value, only estimated: the decoded
// length gives the most it can hold, and the characters show what a person made up rather than a
// generator drew (words, runs such as `abcdefg` or `0000000`, a stretch written twice, few
// different characters). Each character-level limit is set where a value from
// `openssl rand -base64 32` or `-hex 32` trips it about once in a billion, so a generated secret
// passes and a made-up one, however long, does not.

/** The fewest random bytes TOKEN_SECRET must carry (256 bits, HS256's key size). */
export const TOKEN_SECRET_MIN_BYTES = 32;

/** How to make a good one, in every refusal. */
const MAKE_ONE = 'make one with `openssl rand -base64 32`';

/**
 * What a secret's characters may show, per alphabet: `pattern` is the shortest stretch counted as a
 * run or a repeat, `distinct` the fewest different characters. For 64 hex characters a run of 10
 * (`0123456789`, ten of one character) or a 10-character stretch seen twice turns up about once in
 * 10^9 generated values, and fewer than 11 of the 16 digits about once in 1.4 × 10^9; for 43
 * base64 characters the same odds are a stretch of 7, and fewer than 17 of the 64 characters.
 */
const ALPHABETS = {
  hex: { pattern: 10, distinct: 11 },
  base64: { pattern: 7, distinct: 17 },
} as const;

/**
 * Words a made-up secret is built of: the product's and platform's names, what the value is for,
 * placeholders and keyboard rows. Six letters or more (five for two that are hard to leave out), so
 * a generated value contains one by chance about once in 250,000 (base64); hex cannot spell them.
 */
const WORDS = [
  'token',
  'admin',
  'secret',
  'bridgeway',
  'global',
  'consultancy',
  'abroad',
  'password',
  'passwd',
  'passphrase',
  'changeme',
  'change',
  'replace',
  'placeholder',
  'default',
  'example',
  'sample',
  'production',
  'staging',
  'development',
  'testing',
  'signing',
  'session',
  'private',
  'cloudflare',
  'wrangler',
  'worker',
  'letmein',
  'welcome',
  'qwerty',
  'qwertz',
  'azerty',
  'asdfgh',
  'zxcvbn',
  'iloveyou',
  'monkey',
  'dragon',
  'master',
  'shadow',
  'sunshine',
  'football',
  'princess',
  'superman',
  'batman',
];

/** The alphabet a secret is written in and the bytes it decodes to, or undefined for neither. */
function decoded(secret: string) {
  if (/^(?:[0-9a-f]{2})+$/i.test(secret)) return { alphabet: ALPHABETS.hex, bytes: secret.length / 2 };
  const m = /^([A-Za-z0-9+/]+|[A-Za-z0-9_-]+)(={0,2})$/.exec(secret);
  if (!m) return undefined;
  const [, body = '', padding = ''] = m;
  if (body.length % 4 === 1 || (padding && (body.length + padding.length) % 4 !== 0)) return undefined;
  return { alphabet: ALPHABETS.base64, bytes: Math.floor((body.length * 6) / 8) };
}

/** The longest stretch whose characters each step the same way from the last: -1, 0 or +1. */
function longestRun(secret: string) {
  let longest = 1;
  let run = 1;
  for (let i = 1; i < secret.length; i++) {
    const step = secret.charCodeAt(i) - secret.charCodeAt(i - 1);
    const same = i >= 2 && step === secret.charCodeAt(i - 1) - secret.charCodeAt(i - 2);
    run = Math.abs(step) <= 1 ? (same ? run + 1 : 2) : 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Whether some stretch of `length` characters appears twice (overlapping or not). */
function repeatsStretch(secret: string, length: number) {
  const seen = new Set<string>();
  for (let i = 0; i + length <= secret.length; i++) {
    const stretch = secret.slice(i, i + length);
    if (seen.has(stretch)) return true;
    seen.add(stretch);
  }
  return false;
}

/**
 * Why a TOKEN_SECRET is unfit to sign production's tokens and links, or null. Said in rules, never
 * with any part of the value: the answer is public at /api/health.
 */
export function tokenSecretProblem(secret: string | undefined): string | null {
  if (!secret) return `must be set: ${MAKE_ONE}`;
  const value = decoded(secret);
  if (!value)
    return `must be at least ${TOKEN_SECRET_MIN_BYTES} random bytes written as hex or base64, not words or a phrase: ${MAKE_ONE}`;
  if (value.bytes < TOKEN_SECRET_MIN_BYTES)
    return `holds ${value.bytes} bytes (${value.bytes * 8} bits); it needs at least ${TOKEN_SECRET_MIN_BYTES} random bytes (256 bits): ${MAKE_ONE}`;
  const { pattern, distinct } = value.alphabet;
  // A word as a person writes it (lower case, upper case, or capitalised): a generated base64 value
  // mixes cases, so matching every mix refused one real secret in a few thousand.
  const spelt = (word: string) => [word, word.toUpperCase(), word[0]!.toUpperCase() + word.slice(1)];
  if (WORDS.some((word) => spelt(word).some((form) => secret.includes(form))))
    return `contains a word, so it is not random: ${MAKE_ONE}`;
  if (longestRun(secret) >= pattern || repeatsStretch(secret, pattern))
    return `has a run of sequential or repeated characters, or a part written twice, so it is not random: ${MAKE_ONE}`;
  if (new Set(secret).size < distinct) return `uses too few different characters to be random: ${MAKE_ONE}`;
  return null;
}
