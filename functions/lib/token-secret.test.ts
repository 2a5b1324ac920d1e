import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { tokenSecretProblem } from './token-secret.ts';

// Which TOKEN_SECRET values a deployed Worker accepts: 32 random bytes or more, as a generator
// writes them; nothing a person made up, however long. (What a refusal does to the Worker: the
// health tests, functions/routes/health/health.test.ts.)

const random = (bytes = 32) => crypto.getRandomValues(new Uint8Array(bytes));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const base64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
const base64url = (b: Uint8Array) => base64(b).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

describe('TOKEN_SECRET values accepted', () => {
  it.each([
    ['`openssl rand -hex 32`', () => hex(random())],
    ['`openssl rand -base64 32`', () => base64(random())],
    ['base64url without padding', () => base64url(random())],
    ['upper-case hex', () => hex(random()).toUpperCase()],
    ['64 random bytes in base64', () => base64(random(64))],
  ])('%s, 2,000 times over', (_, make) => {
    for (let i = 0; i < 2_000; i++) {
      const secret = make();
      expect(tokenSecretProblem(secret), secret).toBeNull();
    }
  });

  it.each([
    // Values these generators printed, kept so a change of rules that refuses real output shows here.
    '3c087e7ad4bfa411c689be73db47e38dcd9089b6d74f7267fab08cca41bdc62c', // openssl rand -hex 32
    '+dGs2cHkJp0Wve3KORy+pdtTyOF1h5pbcrZT9VsVNuA=', // openssl rand -base64 32
    'EVxxy2FzMHoXCe2RL68AwLMrMXIDZjn72E34vhl84_k', // the same, as base64url
  ])('%s', (secret) => expect(tokenSecretProblem(secret)).toBeNull());

  it("holds the test environment's own secret to the rule (tests sign with it)", () => {
    expect(tokenSecretProblem(env.TOKEN_SECRET)).toBeNull();
  });
});

describe('TOKEN_SECRET values refused', () => {
  it.each<[string, string | undefined, RegExp]>([
    ['missing', undefined, /must be set/],
    ['empty', '', /must be set/],
    ['a phrase with its year', 'bridgeway-global-token-secret-2026', /holds 25 bytes/],
    ['the alphabet', 'abcdefghijklmnopqrstuvwxyz012345', /holds 24 bytes/],
    ['a longer alphabet', 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH', /sequential or repeated/],
    ['words, long enough', 'bridgeway-global-token-secret-2026-production-v1', /contains a word/],
    ['the old test secret', 'test-only-secret-0123456789abcdef0123456789', /contains a word/],
    ['a placeholder', 'changeme'.repeat(8), /contains a word/],
    ['a word in capitals', `PASSWORD${base64(random(32))}`, /contains a word/],
    ['one character', 'x'.repeat(64), /sequential or repeated/],
    ['hex counting', '0123456789abcdef'.repeat(4), /sequential or repeated/],
    ['counting down', `${hex(random(28))}9876543210`, /sequential or repeated/],
    ['a repeated half', hex(random(16)).repeat(2), /sequential or repeated/],
    [
      'a stretch written twice',
      `${base64url(random(12))}abcXYZ12${base64url(random(12))}abcXYZ12`,
      /sequential or repeated/,
    ],
    [
      'eight different hex digits',
      'b5d133b1713dd373d1371d17159d539537b3317fdbffb975739fbf933d5b5fd1',
      /too few different/,
    ],
    [
      'decimal digits only',
      '1895559797114710497465075291703423667127684268465632122330792440',
      /too few different/,
    ],
    ['a password with symbols', 'Tr0ub4dor&3-correct horse battery staple!', /hex or base64/],
    ['31 bytes of hex', hex(random(31)), /holds 31 bytes/],
    ['31 bytes of base64', base64(random(31)), /holds 31 bytes/],
    ['non-ASCII', 'é'.repeat(40), /hex or base64/],
    ['base64 of an impossible length', 'CbtVq27_1QOlOaKmdzwewncyilC8_uAnJYIqoZnL7sqGC', /hex or base64/],
  ])('%s', (_, secret, message) => {
    const problem = tokenSecretProblem(secret);
    expect(problem).toMatch(message);
    // Every refusal says how to make a good one, and never repeats the value (health is public).
    expect(problem).toContain('openssl rand -base64 32');
    if (secret) expect(problem).not.toContain(secret.slice(0, 8));
  });
});
