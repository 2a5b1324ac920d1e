import { describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { createDb } from '#db/client.ts';
import { oneTimeCodes } from '#db/schema/index.ts';
import { CODE_RULES, consumeCode, generateCode, issueCode, verifyCode } from './codes.ts';

const db = createDb(env.DB);
const owner = () => ({
  accountType: 'student' as const,
  accountId: crypto.randomUUID(),
  purpose: 'verify' as const,
});
const T0 = Date.UTC(2030, 0, 1, 12);
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('generateCode', () => {
  it('gives six digits from crypto.getRandomValues, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^\d{6}$/);
    const spy = vi.spyOn(crypto, 'getRandomValues').mockImplementation(((array: Uint32Array) => {
      array[0] = 42;
      return array;
    }) as typeof crypto.getRandomValues);
    expect(generateCode()).toBe('000042');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('rejects values in the biased tail and draws again', () => {
    const values = [0xffffffff, 7];
    const spy = vi.spyOn(crypto, 'getRandomValues').mockImplementation(((array: Uint32Array) => {
      array[0] = values.shift()!;
      return array;
    }) as typeof crypto.getRandomValues);
    expect(generateCode()).toBe('000007');
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
});

describe('issueCode / consumeCode', () => {
  it('stores only a hash, and the code works once', async () => {
    const o = owner();
    const code = await issueCode(db, o, T0);
    const rows = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.accountId, o.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await consumeCode(db, o, code, T0 + 1000)).toBe('ok');
    expect(await consumeCode(db, o, code, T0 + 2000)).toBe('none');
  });

  it('is bound to its owner and purpose', async () => {
    const o = owner();
    const code = await issueCode(db, o, T0);
    expect(await consumeCode(db, { ...o, purpose: 'reset' }, code, T0)).toBe('none');
    expect(await consumeCode(db, { ...o, accountType: 'partner' }, code, T0)).toBe('none');
    expect(await consumeCode(db, o, code, T0)).toBe('ok');
  });

  it('expires after 10 minutes', async () => {
    const o = owner();
    const code = await issueCode(db, o, T0);
    expect(await consumeCode(db, o, code, T0 + CODE_RULES.ttlMs)).toBe('expired');
    const o2 = owner();
    const code2 = await issueCode(db, o2, T0);
    expect(await consumeCode(db, o2, code2, T0 + CODE_RULES.ttlMs - 1)).toBe('ok');
  });

  it('is void after 5 wrong tries, even for the right code', async () => {
    const o = owner();
    const code = await issueCode(db, o, T0);
    for (let i = 1; i < 5; i++) expect(await consumeCode(db, o, wrongOf(code), T0)).toBe('invalid');
    expect(await consumeCode(db, o, wrongOf(code), T0)).toBe('too_many_attempts');
    expect(await consumeCode(db, o, code, T0)).toBe('too_many_attempts');
  });

  it('a new code voids the previous one', async () => {
    const o = owner();
    const first = await issueCode(db, o, T0);
    const second = await issueCode(db, o, T0 + CODE_RULES.resendWaitMs);
    if (first !== second)
      expect(await consumeCode(db, o, first, T0 + CODE_RULES.resendWaitMs)).toBe('invalid');
    const o2 = owner();
    const a = await issueCode(db, o2, T0);
    await issueCode(db, o2, T0 + CODE_RULES.resendWaitMs);
    const rows = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.accountId, o2.accountId));
    expect(rows.filter((r) => r.consumedAt === null)).toHaveLength(1);
    expect(a).toMatch(/^\d{6}$/);
    expect(second).toMatch(/^\d{6}$/);
  });

  it('waits 60 seconds between sends and allows 3 per 15 minutes', async () => {
    const o = owner();
    await issueCode(db, o, T0);
    await expect(issueCode(db, o, T0 + 59_000)).rejects.toMatchObject({
      name: 'TooMany',
      message: 'Please wait 1 seconds before requesting another code.',
    });
    await expect(issueCode(db, o, T0 + 30_000)).rejects.toMatchObject({
      name: 'TooMany',
      message: 'Please wait 30 seconds before requesting another code.',
    });
    await issueCode(db, o, T0 + 60_000);
    await issueCode(db, o, T0 + 120_000);
    await expect(issueCode(db, o, T0 + 180_000)).rejects.toMatchObject({
      name: 'TooMany',
      message: 'Too many codes requested. Please try again in 12 minutes.',
    });
    // The window slides: 15 minutes after the first send, one more is allowed.
    await expect(issueCode(db, o, T0 + CODE_RULES.sendWindowMs + 1)).resolves.toMatch(/^\d{6}$/);
  });

  it('at most 5 of 50 parallel wrong guesses are judged, and the right code is refused afterwards', async () => {
    const o = owner();
    const code = await issueCode(db, o, T0);
    const verdicts = await Promise.all(
      Array.from({ length: 50 }, () => verifyCode(db, o, wrongOf(code), T0 + 1000)),
    );
    const judged = verdicts.filter((v) => v.judged);
    expect(judged.length).toBeLessThanOrEqual(CODE_RULES.maxAttempts);
    expect(judged.length).toBe(5);
    expect(verdicts.every((v) => v.status !== 'ok')).toBe(true);
    const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.accountId, o.accountId));
    expect(row!.attempts).toBe(CODE_RULES.maxAttempts);
    expect(await consumeCode(db, o, code, T0 + 2000)).toBe('too_many_attempts');
  });

  it('a right code sent many times at once works exactly once', async () => {
    const o = owner();
    const code = await issueCode(db, o, T0);
    const results = await Promise.all(Array.from({ length: 5 }, () => consumeCode(db, o, code, T0 + 1000)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
  });

  it('send limits hold under parallel requests: 20 at once store one code', async () => {
    const o = owner();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => issueCode(db, o, T0)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ name: 'TooMany' });
    const rows = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.accountId, o.accountId));
    expect(rows).toHaveLength(1);
  });

  it('keepOthers leaves earlier codes open, each with its payload; a match consumes every open code', async () => {
    const o = owner();
    const first = await issueCode(db, o, { now: T0, payload: 'first', keepOthers: true });
    const second = await issueCode(db, o, {
      now: T0 + CODE_RULES.resendWaitMs,
      payload: 'second',
      keepOthers: true,
    });
    const verdict = await verifyCode(db, o, first, T0 + CODE_RULES.resendWaitMs + 1);
    expect(verdict).toMatchObject({ status: 'ok', payload: 'first' });
    expect(await consumeCode(db, o, second, T0 + CODE_RULES.resendWaitMs + 2)).toBe('none');
  });
});
