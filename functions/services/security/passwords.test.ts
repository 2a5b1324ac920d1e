import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it("hashes with scrypt at OWASP's N=2^14, r=8, p=5, parameters in the string, salted", async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsf', a)).toBe(false);
  });

  it('normalises Unicode (NFKC) before hashing', async () => {
    const hash = await hashPassword('ﬁsh');
    expect(await verifyPassword('fish', hash)).toBe(true);
  });

  it('verifies a hash made with other parameters (they travel in the string)', async () => {
    const hash = await hashPassword('pw-123456');
    const [, , , , salt] = hash.split('$');
    const { scrypt } = await import('node:crypto');
    const key = await new Promise<Buffer>((res, rej) =>
      scrypt('pw-123456', Buffer.from(salt!, 'base64'), 32, { N: 1024, r: 8, p: 1 }, (e, k) =>
        e ? rej(e) : res(k),
      ),
    );
    expect(await verifyPassword('pw-123456', `scrypt$1024$8$1$${salt}$${key.toString('base64')}`)).toBe(true);
  });

  it('answers false, never throws, for malformed or foreign hashes', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$2b$10$abc',
      'scrypt$16384$8$1$',
      'scrypt$3$8$1$c2FsdA==$a2V5',
      'scrypt$16384$8$1$c2FsdA==$',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('has a decoy hash that matches no password', async () => {
    const decoy = await decoyHash();
    expect(decoy).toBe(await decoyHash());
    expect(await verifyPassword('', decoy)).toBe(false);
  });

  it('says which stored hashes need re-hashing: older parameters or not ours', async () => {
    expect(needsRehash(await hashPassword('pw-123456'))).toBe(false);
    expect(needsRehash('scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$' + 'A'.repeat(43) + '=')).toBe(true);
    expect(needsRehash('bcrypt$2b$10$abc')).toBe(true);
    expect(needsRehash('')).toBe(true);
  });

  it('the decoy for unknown accounts uses the same parameters as real hashes (equal login timing)', async () => {
    const decoy = await decoyHash();
    expect(decoy.split('$').slice(0, 4)).toEqual((await hashPassword('x')).split('$').slice(0, 4));
    expect(needsRehash(decoy)).toBe(false);
  });
});
