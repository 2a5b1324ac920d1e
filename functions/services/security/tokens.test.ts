import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { signToken, verifyToken, TOKEN_TTL_SECONDS } from './tokens.ts';

const SECRET = 'unit-test-secret-0123456789abcdef0123';
const ISSUER = 'bridgeway-global';
const b64 = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

describe('tokens', () => {
  it('signs HS256 with iss, aud, sub, iat, exp, role and the id claim, and verifies it', async () => {
    const token = await signToken(SECRET, ISSUER, {
      sub: 'u1',
      aud: 'student',
      role: 'student',
      sid: 's1',
      remember: true,
    });
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(atob(p.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      iss: ISSUER,
      aud: 'student',
      sub: 'u1',
      id: 'u1',
      role: 'student',
      rme: true,
    });
    expect(Number(payload!.exp) - Number(payload!.iat)).toBe(TOKEN_TTL_SECONDS);
    const result = await verifyToken(SECRET, ISSUER, token, ['student']);
    expect(result).toMatchObject({
      ok: true,
      claims: { sub: 'u1', aud: 'student', role: 'student', sid: 's1', remember: true },
    });
  });

  it('refuses another key, another issuer, a tampered payload, alg none and garbage', async () => {
    const token = await signToken(SECRET, ISSUER, { sub: 'u1', aud: 'student', role: 'student', sid: 's1' });
    expect(await verifyToken('another-secret-0123456789abcdef0123', ISSUER, token, ['student'])).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyToken(SECRET, 'someone-else', token, ['student'])).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const [h, , s] = token.split('.');
    const now = Math.floor(Date.now() / 1000);
    const tampered = `${h}.${b64({ sub: 'admin', aud: 'student', role: 'student', iss: ISSUER, iat: now, exp: now + 60 })}.${s}`;
    expect(await verifyToken(SECRET, ISSUER, tampered, ['student'])).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'u1', aud: 'student', role: 'student', iss: ISSUER, iat: now, exp: now + 60 })}.`;
    expect(await verifyToken(SECRET, ISSUER, none, ['student'])).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyToken(SECRET, ISSUER, 'not.a.token', ['student'])).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses another algorithm even with the right secret (HS512)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const hs512 = await new SignJWT({ role: 'student' })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer(ISSUER)
      .setAudience('student')
      .setSubject('u1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyToken(SECRET, ISSUER, hs512, ['student'])).toEqual({ ok: false, reason: 'invalid' });
  });

  it('says expired for an expired token', async () => {
    const token = await signToken(
      SECRET,
      ISSUER,
      { sub: 'u1', aud: 'student', role: 'student', sid: 's1' },
      Date.now() - (TOKEN_TTL_SECONDS + 120) * 1000,
    );
    expect(await verifyToken(SECRET, ISSUER, token, ['student'])).toEqual({ ok: false, reason: 'expired' });
  });

  it('requires the role, sub and exp claims', async () => {
    const now = Math.floor(Date.now() / 1000);
    const key = new TextEncoder().encode(SECRET);
    const noRole = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience('student')
      .setSubject('u1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    expect((await verifyToken(SECRET, ISSUER, noRole, ['student'])).ok).toBe(false);
    const noExp = await new SignJWT({ role: 'student' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience('student')
      .setSubject('u1')
      .setIssuedAt(now)
      .sign(key);
    expect((await verifyToken(SECRET, ISSUER, noExp, ['student'])).ok).toBe(false);
    const noSub = await new SignJWT({ role: 'student' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience('student')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    expect((await verifyToken(SECRET, ISSUER, noSub, ['student'])).ok).toBe(false);
  });

  it('tells a valid token of another account type apart (audience)', async () => {
    const token = await signToken(SECRET, ISSUER, { sub: 'p1', aud: 'partner', role: 'partner', sid: 's1' });
    expect(await verifyToken(SECRET, ISSUER, token, ['student'])).toEqual({ ok: false, reason: 'audience' });
  });
});
