import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import type { Db } from '../../db/client.ts';
import { oneTimeCodes, type AccountType } from '../../db/schema/index.ts';

/** Rules for e-mailed one-time codes (registration and password reset, every account type). */
export const CODE_RULES = {
  ttlMs: 10 * 60 * 1000,
  maxAttempts: 5,
  maxSendsPerWindow: 3,
  sendWindowMs: 15 * 60 * 1000,
  resendWaitMs: 60 * 1000,
} as const;

type Purpose = 'verify' | 'reset';
interface CodeOwner {
  accountType: AccountType;
  accountId: string;
  purpose: Purpose;
}

async function sha256(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Six digits from the cryptographic random source, without modulo bias. */
export function generateCode() {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  do crypto.getRandomValues(buf);
  while (buf[0]! >= limit);
  return String(buf[0]! % 1_000_000).padStart(6, '0');
}

// The hash binds the code to its owner, so a stolen table row cannot be replayed elsewhere.
const codeHash = (owner: CodeOwner, code: string) => sha256(`${owner.accountType}:${owner.accountId}:${owner.purpose}:${code}`);

/**
 * Issues a new code (voiding earlier ones) within the send limits: at most 3 per 15 minutes and
 * one per 60 seconds. Throws 429 with a message saying how long to wait. Returns the plain code
 * for the e-mail; only its hash is stored.
 */
export async function issueCode(db: Db, owner: CodeOwner, now = Date.now()) {
  const recent = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(ownerIs(owner), gt(oneTimeCodes.createdAt, new Date(now - CODE_RULES.sendWindowMs))))
    .orderBy(desc(oneTimeCodes.createdAt));
  const last = recent[0]?.createdAt.getTime();
  if (last !== undefined && now - last < CODE_RULES.resendWaitMs) {
    const wait = Math.ceil((CODE_RULES.resendWaitMs - (now - last)) / 1000);
    throw new HTTPException(429, { message: `Please wait ${wait} seconds before requesting another code.` });
  }
  if (recent.length >= CODE_RULES.maxSendsPerWindow) {
    const oldest = recent[recent.length - 1]!.createdAt.getTime();
    const minutes = Math.ceil((oldest + CODE_RULES.sendWindowMs - now) / 60_000);
    throw new HTTPException(429, { message: `Too many codes requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
  }
  const code = generateCode();
  await db.batch([
    db.update(oneTimeCodes).set({ consumedAt: new Date(now) }).where(and(ownerIs(owner), isNull(oneTimeCodes.consumedAt))),
    db.insert(oneTimeCodes).values({
      id: crypto.randomUUID(),
      ...owner,
      codeHash: await codeHash(owner, code),
      expiresAt: new Date(now + CODE_RULES.ttlMs),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    }),
  ]);
  return code;
}

/**
 * Withdraws the owner's open code: its e-mail could not be sent. The code never reached anyone, so
 * it must not count towards the wait before the next one (the person resends at once).
 */
export async function withdrawCode(db: Db, owner: CodeOwner) {
  await db.delete(oneTimeCodes).where(and(ownerIs(owner), isNull(oneTimeCodes.consumedAt)));
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'too_many_attempts' | 'none';

/**
 * Checks a code: single use, valid 10 minutes, void after 5 wrong tries. A wrong try is counted
 * before the answer is given, so guesses cannot race past the limit.
 */
export async function consumeCode(db: Db, owner: CodeOwner, code: string, now = Date.now()): Promise<CodeCheck> {
  const [current] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(ownerIs(owner), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!current) return 'none';
  if (current.expiresAt.getTime() <= now) return 'expired';
  if (current.attempts >= CODE_RULES.maxAttempts) return 'too_many_attempts';
  if ((await codeHash(owner, code)) !== current.codeHash) {
    await db.update(oneTimeCodes).set({ attempts: current.attempts + 1 }).where(eq(oneTimeCodes.id, current.id));
    return current.attempts + 1 >= CODE_RULES.maxAttempts ? 'too_many_attempts' : 'invalid';
  }
  const [used] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return used ? 'ok' : 'invalid';
}

/** People-readable messages for a failed check (all 400). */
export const codeMessages: Record<Exclude<CodeCheck, 'ok'>, string> = {
  invalid: 'Invalid or expired OTP. Please try again.',
  expired: 'This code has expired. Please request a new one.',
  too_many_attempts: 'Too many wrong attempts. Please request a new code.',
  none: 'No active code for this account. Please request a new one.',
};

function ownerIs(owner: CodeOwner) {
  return and(
    eq(oneTimeCodes.accountType, owner.accountType),
    eq(oneTimeCodes.accountId, owner.accountId),
    eq(oneTimeCodes.purpose, owner.purpose),
  );
}
