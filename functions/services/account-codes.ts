import { eq } from 'drizzle-orm';
import { Conflict, Invalid, TooMany } from './errors.ts';
import type { Db } from '#db/client.ts';
import { oneTimeCodes, type AccountType } from '#db/schema/index.ts';
import { accountTables, findCredentials } from './accounts.ts';
import { codeMessages, issueCode, verifyCode, withdrawCode } from './codes.ts';
import { isUniqueViolation } from './db-errors.ts';
import { codeEmail } from './emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import type { Mailer } from './mailer.ts';
import { hashPassword } from './passwords.ts';
import { detailsFromPayload, isExpiredUnverified, type RegistrableType } from './registration.ts';
import { endAllSessionsStatement } from './sessions.ts';

/**
 * The code flows every account type shares: e-mail a verification code, verify it, and reset a
 * forgotten password. One mechanism, several account types.
 */

/** Issues a verification code (within the send limits) and e-mails it. */
export async function sendVerificationCode(
  db: Db,
  mailer: Mailer,
  type: AccountType,
  account: { id: string; email: string; name: string },
) {
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

/**
 * E-mails a registration's code (registration.ts stored it). If the e-mail fails, that code alone
 * is withdrawn (it reached nobody; other registrants' codes stay) and the error goes on.
 */
export async function sendRegistrationCode(
  db: Db,
  mailer: Mailer,
  registration: { email: string; name: string; code: string; codeId: string },
) {
  try {
    await mailer.send(
      codeEmail(await getSite(db), registration.email, registration.name, registration.code, 'verify'),
    );
  } catch (error) {
    await db
      .delete(oneTimeCodes)
      .where(eq(oneTimeCodes.id, registration.codeId))
      .catch(() => undefined);
    throw error;
  }
}

/**
 * Checks a verification code and marks the account verified, with the details and password of the
 * registration that code was sent for (registration.ts). Throws 400 with a clear message, or 409
 * if that registration's phone number has since been taken by another account.
 */
export async function verifyAccount(
  db: Db,
  type: RegistrableType,
  accountId: string,
  code: string,
  { sameAnswer = false } = {},
) {
  const verdict = await verifyCode(db, { accountType: type, accountId, purpose: 'verify' }, code);
  // `sameAnswer`: one message for every failure, where a different one would tell a stranger that
  // the e-mail has an account (the partner flow names accounts by e-mail).
  if (verdict.status !== 'ok') throw new Invalid(codeMessages[sameAnswer ? 'invalid' : verdict.status]);
  const table = accountTables[type];
  try {
    await db
      .update(table)
      .set({ ...detailsFromPayload(type, verdict.payload), isVerified: true })
      .where(eq(table.id, accountId));
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('These details are now used by another account. Please register again.');
    throw error;
  }
}

/**
 * The same work as a failed `verifyAccount`, for an e-mail with no unverified account: one counted
 * try against codes that do not exist, so the answer costs the same time (no enumeration by timing).
 */
export async function verifyNobody(db: Db, type: RegistrableType, email: string, code: string) {
  await verifyCode(db, { accountType: type, accountId: `unknown:${email}`, purpose: 'verify' }, code);
  throw new Invalid(codeMessages.invalid);
}

/** How long the deferred reset e-mail waits before starting (see sendResetCode). */
const RESET_SEND_DELAY_MS = 50;

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that e-mail, we have sent a code to reset the password.';

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
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  type: AccountType,
  email: string,
  name: (id: string) => Promise<string>,
  defer: (work: Promise<unknown>) => void,
) {
  const account = await findCredentials(db, type, { email });
  if (!account || isExpiredUnverified(account)) return;
  defer(sendCodeLater(db, mailer, type, account, 'reset', name));
}

/**
 * Resends a verification code without saying whether the e-mail has an account waiting for it
 * (the partner flow, which names accounts by e-mail): the same lookup-then-answer shape as
 * `requestPasswordReset`, the sending deferred and its limits silent. Returns 'verified' for an
 * account that needs no code (the caller says so, as registration does).
 */
export async function resendVerificationQuietly(
  db: Db,
  mailer: Mailer,
  type: RegistrableType,
  email: string,
  name: (id: string) => Promise<string>,
  defer: (work: Promise<unknown>) => void,
) {
  const account = await findCredentials(db, type, { email });
  if (!account || isExpiredUnverified(account)) return 'sent';
  if (account.isVerified) return 'verified';
  defer(sendCodeLater(db, mailer, type, account, 'verify', name));
  return 'sent';
}

/** Issues a code and e-mails it; never throws (it runs after the response). */
async function sendCodeLater(
  db: Db,
  mailer: Mailer,
  type: AccountType,
  account: { id: string; email: string },
  purpose: 'verify' | 'reset',
  name: (id: string) => Promise<string>,
) {
  const owner = { accountType: type, accountId: account.id, purpose } as const;
  // Start a moment later, so the answer has left before this work (D1 writes, the provider call)
  // competes with it for the thread: measured over HTTP, starting at once still delayed real
  // accounts' answers by ~10 ms where D1 runs in the same process (local workerd).
  await new Promise((resolve) => setTimeout(resolve, RESET_SEND_DELAY_MS));
  let code: string;
  try {
    code = await issueCode(db, owner);
  } catch (error) {
    // A send limit reached (429): nothing to do, the person already has a recent code.
    if (!(error instanceof TooMany)) console.error(`${purpose} code: could not issue a code`, error);
    return;
  }
  try {
    await mailer.send(codeEmail(await getSite(db), account.email, await name(account.id), code, purpose));
  } catch (error) {
    // The code reached nobody: withdraw it so a new request is not held by the 60-second wait.
    await withdrawCode(db, owner).catch(() => undefined);
    console.error(
      `${purpose} code: the e-mail could not be sent`,
      error instanceof Error ? error.message : error,
    );
  }
}

/**
 * Sets a new password with a reset code. Every session of the account ends (all devices signed
 * out) and tokens issued before now stop working; the account counts as verified (the code proved
 * the e-mail).
 */
export async function resetPassword(
  db: Db,
  type: AccountType,
  email: string,
  code: string,
  newPassword: string,
) {
  const account = await findCredentials(db, type, { email });
  const owner = {
    accountType: type,
    accountId: account?.id ?? `unknown:${email}`,
    purpose: 'reset',
  } as const;
  // An unknown e-mail costs the same counted try as a real one (no enumeration by timing).
  const result = (await verifyCode(db, owner, code)).status;
  // One answer for every failure: 'no active code' or 'too many tries' would tell a stranger that
  // the e-mail has an account, which the request step is careful not to reveal.
  if (!account || result !== 'ok') throw new Invalid(codeMessages.invalid);
  const table = accountTables[type];
  // Whole seconds: token `iat` has second precision, so a token from this same second stays valid.
  const revokeBefore = new Date(Math.floor(Date.now() / 1000) * 1000);
  const passwordHash = await hashPassword(newPassword);
  await db.batch([
    db
      .update(table)
      .set({ passwordHash, tokensValidAfter: revokeBefore, isVerified: true })
      .where(eq(table.id, account.id)),
    endAllSessionsStatement(db, type, account.id),
  ]);
}
