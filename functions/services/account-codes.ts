import { eq } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import type { Db } from '../../db/client.ts';
import type { AccountType } from '../../db/schema/index.ts';
import { accountTables, findCredentials } from './accounts.ts';
import { codeMessages, consumeCode, issueCode, withdrawCode } from './codes.ts';
import { codeEmail } from './emails.ts';
import { getSite } from '../../db/queries/site-content.ts';
import type { Mailer } from './mailer.ts';
import { hashPassword } from './passwords.ts';

/**
 * The code flows every account type shares: e-mail a verification code, verify it, and reset a
 * forgotten password. One mechanism, several account types.
 */

/** Issues a verification code (within the send limits) and e-mails it. */
export async function sendVerificationCode(db: Db, mailer: Mailer, type: AccountType, account: { id: string; email: string; name: string }) {
  const owner = { accountType: type, accountId: account.id, purpose: 'verify' } as const;
  const code = await issueCode(db, owner);
  try {
    await mailer.send(codeEmail(await getSite(db), account.email, account.name, code, 'verify'));
  } catch (error) {
    // The e-mail failed (503): the code reached nobody, so a resend is allowed straight away.
    await withdrawCode(db, owner).catch(() => undefined);
    throw error;
  }
}

/** Checks a verification code and marks the account verified. Throws 400 with a clear message. */
export async function verifyAccount(db: Db, type: AccountType, accountId: string, code: string) {
  const result = await consumeCode(db, { accountType: type, accountId, purpose: 'verify' }, code);
  if (result !== 'ok') throw new HTTPException(400, { message: codeMessages[result] });
  const table = accountTables[type];
  await db.update(table).set({ isVerified: true }).where(eq(table.id, accountId));
}

/** How long the deferred reset e-mail waits before starting (see sendResetCode). */
const RESET_SEND_DELAY_MS = 50;

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that e-mail, we have sent a code to reset the password.';

/**
 * Starts a password reset. The answer is the same whether or not the account exists (no account
 * enumeration), and so is its timing: the lookup is the only work before the answer for both; for
 * a real account, issuing the code and sending the e-mail (several D1 writes and, in production, a
 * call to the mail provider) are handed to `defer`, which runs them after the response
 * (`afterResponse`). Timed over HTTP, inline sending made a real account answer measurably slower
 * than an unknown e-mail (docs/reliability.md §9).
 *
 * Consequently a failed send cannot change the answer: a real account whose e-mail failed gets the
 * same 200 as anyone (a 503 for real accounts only would say that the account exists). The failed
 * code is withdrawn, so asking again works at once; the outbox row is marked `failed`. Send limits
 * (429 from `issueCode`) stay silent for the same reason.
 */
export async function requestPasswordReset(db: Db, mailer: Mailer, type: AccountType, email: string, name: (id: string) => Promise<string>, defer: (work: Promise<unknown>) => void) {
  const account = await findCredentials(db, type, { email });
  if (!account) return;
  defer(sendResetCode(db, mailer, type, account, name));
}

/** Issues a reset code and e-mails it; never throws (it runs after the response). */
async function sendResetCode(db: Db, mailer: Mailer, type: AccountType, account: { id: string; email: string }, name: (id: string) => Promise<string>) {
  const owner = { accountType: type, accountId: account.id, purpose: 'reset' } as const;
  // Start a moment later, so the answer has left before this work (D1 writes, the provider call)
  // competes with it for the thread: measured over HTTP, starting at once still delayed real
  // accounts' answers by ~10 ms where D1 runs in the same process (local workerd).
  await new Promise((resolve) => setTimeout(resolve, RESET_SEND_DELAY_MS));
  let code: string;
  try {
    code = await issueCode(db, owner);
  } catch (error) {
    // A send limit reached (429): nothing to do, the person already has a recent code.
    if (!(error instanceof HTTPException && error.status === 429)) console.error('password reset: could not issue a code', error);
    return;
  }
  try {
    await mailer.send(codeEmail(await getSite(db), account.email, await name(account.id), code, 'reset'));
  } catch (error) {
    // The code reached nobody: withdraw it so a new request is not held by the 60-second wait.
    await withdrawCode(db, owner).catch(() => undefined);
    console.error('password reset: the e-mail could not be sent', error instanceof Error ? error.message : error);
  }
}

/**
 * Sets a new password with a reset code. Tokens issued before now stop working; the account counts
 * as verified (the code proved the e-mail).
 */
export async function resetPassword(db: Db, type: AccountType, email: string, code: string, newPassword: string) {
  const account = await findCredentials(db, type, { email });
  const result = account ? await consumeCode(db, { accountType: type, accountId: account.id, purpose: 'reset' }, code) : 'invalid';
  // One answer for every failure: 'no active code' or 'too many tries' would tell a stranger that
  // the e-mail has an account, which the request step is careful not to reveal.
  if (!account || result !== 'ok') throw new HTTPException(400, { message: codeMessages.invalid });
  const table = accountTables[type];
  // Whole seconds: token `iat` has second precision, so a token from this same second stays valid.
  const revokeBefore = new Date(Math.floor(Date.now() / 1000) * 1000);
  await db.update(table).set({ passwordHash: await hashPassword(newPassword), tokensValidAfter: revokeBefore, isVerified: true }).where(eq(table.id, account.id));
}
