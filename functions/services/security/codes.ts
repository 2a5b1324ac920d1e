import { batch } from '#db/batch.ts';
import type { Db } from '#db/client.ts';
import {
  codesSentSince,
  consumeOpenCodes,
  countCodeTry,
  deleteOpenCodes,
  issueCodeStatements,
  latestOpenCode,
  type CodeOwner,
} from '#db/queries/codes.ts';
import { waitText } from './rate-limit.ts';
import { TooMany } from '../errors.ts';

/** Rules for e-mailed one-time codes (registration, password reset, sign-in; every account type). */
export const CODE_RULES = {
  ttlMs: 10 * 60 * 1000,
  maxAttempts: 5,
  /**
   * Past `maxAttempts`, a try that is its address's first on the account is still judged, up to
   * this many tries in all: others' wrong guesses cannot void the owner's code,
   * and a guesser still has at most 10 tries at one code of a million.
   */
  maxAttemptsFirstTry: 10,
  maxSendsPerWindow: 3,
  /** Codes one account receives per window across all challenges (each challenge has its own 3). */
  maxAccountSendsPerWindow: 10,
  sendWindowMs: 15 * 60 * 1000,
  resendWaitMs: 60 * 1000,
} as const;

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

// The hash binds the code to its owner and challenge, so a stolen table row cannot be replayed elsewhere.
const codeHash = (owner: CodeOwner, code: string) =>
  sha256(
    `${owner.accountType}:${owner.accountId}:${owner.purpose}:${owner.challenge ? `${owner.challenge}:` : ''}${code}`,
  );

export interface IssueOptions {
  now?: number;
  /** Details applied when this code verifies the account (a registration's; see registration.ts). */
  payload?: string | null;
  /**
   * Leave the owner's other open codes valid. A registration does, so a second registrant of the
   * same unverified address cannot void the code the first one (perhaps the address's owner) holds.
   */
  keepOthers?: boolean;
}

/** A new code, ready to be stored by `issueStatements` (inside a caller's batch) or `issueCode`. */
export async function newCode(owner: CodeOwner) {
  const code = generateCode();
  return { id: crypto.randomUUID(), code, hash: await codeHash(owner, code) };
}

/**
 * The statements that store a code within the send limits (at most 3 per 15 minutes and one per
 * 60 seconds): one conditional insert that stores nothing when a limit is reached (the limits are
 * counted by the same statement that writes, so parallel requests cannot pass them together), then,
 * unless `keepOthers`, voiding the owner's earlier open codes if the new one was stored.
 */
export function issueStatements(
  owner: CodeOwner,
  code: { id: string; hash: string },
  { now = Date.now(), payload = null, keepOthers = false }: IssueOptions = {},
) {
  return issueCodeStatements(owner, code, {
    now,
    payload,
    keepOthers,
    expiresAt: now + CODE_RULES.ttlMs,
    sendWindowMs: CODE_RULES.sendWindowMs,
    maxSends: CODE_RULES.maxSendsPerWindow,
    maxAccountSends: CODE_RULES.maxAccountSendsPerWindow,
    resendWaitMs: CODE_RULES.resendWaitMs,
  });
}

/** The 429 for a refused send: how long until the next code can be sent. */
export async function sendLimitError(db: Db, owner: CodeOwner, now = Date.now()) {
  const recent = await codesSentSince(db, owner, now - CODE_RULES.sendWindowMs);
  const last = recent[0]?.createdAt.getTime();
  if (last !== undefined && now - last < CODE_RULES.resendWaitMs) {
    const wait = Math.ceil((CODE_RULES.resendWaitMs - (now - last)) / 1000);
    return new TooMany(`Please wait ${wait} seconds before requesting another code.`, wait);
  }
  const oldest = recent[recent.length - 1]?.createdAt.getTime() ?? now;
  const wait = Math.max(1, Math.ceil((oldest + CODE_RULES.sendWindowMs - now) / 1000));
  return new TooMany(`Too many codes requested. Please try again in ${waitText(wait)}.`, wait);
}

/**
 * Issues a new code (voiding earlier ones unless `keepOthers`) within the send limits. Throws 429
 * with `Retry-After` and a message saying how long to wait. Returns the plain code for the e-mail;
 * only its hash is stored.
 */
export async function issueCode(db: Db, owner: CodeOwner, options: IssueOptions | number = {}) {
  const opts = typeof options === 'number' ? { now: options } : options;
  const now = opts.now ?? Date.now();
  const code = await newCode(owner);
  const [inserted] = await batch(db, issueStatements(owner, code, { ...opts, now }));
  if (!inserted?.meta.changes) throw await sendLimitError(db, owner, now);
  return code.code;
}

/**
 * Withdraws the owner's open code: its e-mail could not be sent. The code never reached anyone, so
 * it must not count towards the wait before the next one (the person resends at once).
 */
export async function withdrawCode(db: Db, owner: CodeOwner) {
  await deleteOpenCodes(db, owner);
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'too_many_attempts' | 'none';

export interface CodeVerdict {
  status: CodeCheck;
  /** Whether this try was compared with a code at all (false once the tries are used up). */
  judged: boolean;
  /** The matched code's payload (a registration's details), when it had one. */
  payload: string | null;
}

/**
 * Checks a code: single use, valid 10 minutes, void after 5 tries. The try is counted first, in
 * one conditional statement (`attempts = attempts + 1 … where attempts < 5 … returning`), and only
 * a try that statement counted is compared: however many guesses arrive at once, at most 5 per code
 * are ever judged. A match is consumed by a conditional update, so it works once, and it voids the
 * owner's other open codes. `firstTry` (the address's first try on the account, from the request
 * limits' `gate`) lets a try through past 5, up to `maxAttemptsFirstTry`.
 */
export async function verifyCode(
  db: Db,
  owner: CodeOwner,
  code: string,
  now = Date.now(),
  { firstTry = false } = {},
): Promise<CodeVerdict> {
  const cap = firstTry ? CODE_RULES.maxAttemptsFirstTry : CODE_RULES.maxAttempts;
  const hash = await codeHash(owner, code);
  const counted = await countCodeTry(db, owner, cap, now);
  if (counted.length === 0) return { status: await whyNoCode(db, owner, now), judged: false, payload: null };
  const match = counted.find((row) => sameText(row.code_hash, hash));
  if (!match) {
    const spent = counted.every((row) => row.attempts >= cap);
    return { status: spent ? 'too_many_attempts' : 'invalid', judged: true, payload: null };
  }
  const consumed = await consumeOpenCodes(db, owner, match.id, now);
  // Lost to a parallel try with the same code: it was used once, by that one.
  if (!consumed.some((row) => row.id === match.id)) return { status: 'invalid', judged: true, payload: null };
  return { status: 'ok', judged: true, payload: match.payload };
}

/** `verifyCode`'s status alone. */
export async function consumeCode(
  db: Db,
  owner: CodeOwner,
  code: string,
  now = Date.now(),
): Promise<CodeCheck> {
  return (await verifyCode(db, owner, code, now)).status;
}

/** Why no open code took the try: the newest open code is expired or spent, or there is none. */
async function whyNoCode(
  db: Db,
  owner: CodeOwner,
  now: number,
): Promise<Exclude<CodeCheck, 'ok' | 'invalid'>> {
  const latest = await latestOpenCode(db, owner);
  if (!latest) return 'none';
  if (latest.attempts >= CODE_RULES.maxAttempts) return 'too_many_attempts';
  return latest.expiresAt.getTime() <= now ? 'expired' : 'none';
}

/** Compares two hex digests without an early exit. */
function sameText(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** People-readable messages for a failed check (all 400). */
export const codeMessages: Record<Exclude<CodeCheck, 'ok'>, string> = {
  invalid: 'Invalid or expired OTP. Please try again.',
  expired: 'This code has expired. Please request a new one.',
  too_many_attempts: 'Too many wrong attempts. Please request a new code.',
  none: 'No active code for this account. Please request a new one.',
};
