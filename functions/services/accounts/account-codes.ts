import { Conflict, Invalid, TooMany } from '../errors.ts';
import type { Db } from '#db/client.ts';
import type { AccountType } from '#db/schema/index.ts';
import { passwordResetStatement } from '#db/queries/accounts.ts';
import { deleteCode, registrationsWithChallenge, type CodeOwner } from '#db/queries/codes.ts';
import { findCredentials } from './accounts.ts';
import { batch, type Statement } from '#db/batch.ts';
import { codeMessages, issueCode, verifyCode, withdrawCode } from '../security/codes.ts';
import { isUniqueViolation } from '../db-errors.ts';
import { codeEmail } from '../mail/emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashPassword } from '../security/passwords.ts';
import type { RegistrableType } from '#db/queries/registrations.ts';
import { pendingRegistrations, verifyStatements } from './registration.ts';
import { endAllSessionsStatement } from '#db/queries/sessions.ts';
import { linkToPersonStatements } from '#db/queries/people.ts';
import { codeHolder } from './login.ts';
import { establishPerson } from './people.ts';

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
    await deleteCode(db, registration.codeId).catch(() => undefined);
    throw error;
  }
}

/**
 * Checks a verification code and makes its registration the account (registration.ts
 * `verifyStatements`): a code verifies only the registration it was sent for. Throws 400 with a
 * clear message, or 409 when a verified account has since taken the address or (students) the
 * phone number. `firstTry`: the request limits' verdict that this is the address's first try.
 */
export async function verifyAccount(
  db: Db,
  type: RegistrableType,
  account: { id: string; email: string },
  code: string,
  { sameAnswer = false, firstTry = false } = {},
) {
  const owner = { accountType: type, accountId: account.id, purpose: 'verify' } as const;
  const verdict = await verifyCode(db, owner, code, Date.now(), { firstTry });
  // `sameAnswer`: one message for every failure, where a different one would tell a stranger that
  // the e-mail has an account (the partner flow names accounts by e-mail).
  if (verdict.status !== 'ok') throw new Invalid(codeMessages[sameAnswer ? 'invalid' : verdict.status]);
  await makeAccount(db, type, account, verdict.payload);
}

async function makeAccount(
  db: Db,
  type: RegistrableType,
  account: { id: string; email: string },
  payload: string | null,
) {
  try {
    await establishPerson(
      db,
      type,
      account.id,
      account.email,
      verifyStatements(db, type, account.id, account.email, payload),
    );
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('These details are now used by another account. Please register again.');
    throw error;
  }
}

/**
 * Verifies the unverified registration of an e-mail that this browser's `challenge` asked a code
 * for (the partner flow names registrations by e-mail, and an address may have several, some
 * perhaps a stranger's). Only codes sent under the challenge are compared: the code a stranger's
 * registration sent to the owner's inbox never verifies the stranger's registration from the
 * owner's browser, nor the owner's code a stranger's. Each try is counted on every open code under
 * the challenge before any is compared; every failure, and an address with no registration, gets
 * the same answer after the same work (no enumeration).
 */
export async function verifyByEmail(
  db: Db,
  type: RegistrableType,
  email: string,
  code: string,
  { firstTry = false, challenge }: { firstTry?: boolean; challenge: string | undefined },
) {
  const registrations = await pendingRegistrations(db, type, email);
  if (registrations.length === 0 || !challenge) return verifyNobody(db, type, email, code);
  for (const registration of registrations) {
    const owner = { accountType: type, accountId: registration.id, purpose: 'verify', challenge } as const;
    const verdict = await verifyCode(db, owner, code, Date.now(), { firstTry });
    if (verdict.status === 'ok') return makeAccount(db, type, registration, verdict.payload);
  }
  throw new Invalid(codeMessages.invalid);
}

/**
 * The same work as a failed `verifyAccount`, for an e-mail with no unverified account: one counted
 * try against codes that do not exist, so the answer costs the same time (no enumeration by timing).
 */
async function verifyNobody(db: Db, type: RegistrableType, email: string, code: string): Promise<never> {
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
  challenge: string,
  name: (id: string) => Promise<string | null>,
  defer: (work: Promise<unknown>) => void,
) {
  const account = await resettable(db, type, email);
  if (!account) return;
  const owner = { ...codeHolder(type, account), purpose: 'reset', challenge } as const;
  const roleId = account.id;
  defer(sendCodeLater(db, mailer, owner, account.email, async () => (roleId ? name(roleId) : null)));
}

/**
 * The account a password reset is for: the person of the address (their one password, at every
 * door), or a job seeker not yet confirmed (verified from the start; the reset code confirms the
 * address). An address with unverified registrations only is registered again instead: a reset
 * would have to pick one of them, whose details may be a stranger's.
 */
async function resettable(db: Db, type: AccountType, email: string) {
  const account = await findCredentials(db, type, { email });
  return account?.isVerified ? account : undefined;
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
  registrationId: string | undefined,
  challenge: string,
  name: (id: string) => Promise<string | null>,
  defer: (work: Promise<unknown>) => void,
) {
  const account = await findCredentials(db, type, { email });
  if (!account) return 'sent';
  if (account.isVerified) return 'verified';
  // The registration this browser made: the id its registration answered, or the one it already
  // holds a code for. Never simply the newest of the address: that may be a stranger's, whose code
  // the owner would then type in and so make the stranger's details and password the account.
  const pending = await pendingRegistrations(db, type, email);
  const held = await registrationsWithChallenge(
    db,
    type,
    pending.map((r) => r.id),
    challenge,
  );
  const registration = pending.find((r) => r.id === registrationId) ?? pending.find((r) => held.has(r.id));
  if (!registration) return 'sent';
  const owner = { accountType: type, accountId: registration.id, purpose: 'verify', challenge } as const;
  defer(sendCodeLater(db, mailer, owner, registration.email, () => name(registration.id)));
  return 'sent';
}

/** Issues a code and e-mails it; never throws (it runs after the response). */
async function sendCodeLater(
  db: Db,
  mailer: Mailer,
  owner: CodeOwner & { purpose: 'verify' | 'reset' },
  email: string,
  name: () => Promise<string | null>,
) {
  const purpose = owner.purpose;
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
    await mailer.send(codeEmail(await getSite(db), email, await name(), code, purpose));
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
 * the e-mail). `also`: statements of the account type run in the same batch, before the password
 * changes (job applicants: the address is confirmed too). `firstTry`: the request limits' verdict
 * that this is the address's first try (codes.ts `verifyCode`). Returns the batch's results of `also`.
 */
export async function resetPassword(
  db: Db,
  type: AccountType,
  email: string,
  code: string,
  newPassword: string,
  {
    firstTry = false,
    challenge,
    also = () => [],
  }: {
    firstTry?: boolean;
    /** The challenge this browser holds: only a code asked for under it can reset the password. */
    challenge: string | undefined;
    also?: (accountId: string) => readonly Statement[];
  },
) {
  const account = await resettable(db, type, email);
  const owner = {
    ...(account ? codeHolder(type, account) : { accountType: type, accountId: `unknown:${email}` }),
    purpose: 'reset',
    // A try without a challenge is counted under a fresh one that no code was sent for.
    challenge: challenge ?? crypto.randomUUID(),
  } as const;
  // An unknown e-mail costs the same counted try as a real one (no enumeration by timing).
  const result = (await verifyCode(db, owner, code, Date.now(), { firstTry })).status;
  // One answer for every failure: 'no active code' or 'too many tries' would tell a stranger that
  // the e-mail has an account, which the request step is careful not to reveal.
  if (!account || result !== 'ok') throw new Invalid(codeMessages.invalid);
  // Whole seconds: token `iat` has second precision, so a token from this same second stays valid.
  const revokeBefore = new Date(Math.floor(Date.now() / 1000) * 1000);
  const passwordHash = await hashPassword(newPassword);
  const extra = account.id ? also(account.id) : [];
  const holder = { type, id: account.id ?? '', personId: account.personId };
  const sessionsOf = account.personId
    ? endAllSessionsStatement(db, 'person', account.personId)
    : endAllSessionsStatement(db, type, holder.id);
  // A job seeker not yet part of a person: the code proved the mailbox, so they become one now.
  const becomePerson =
    !account.personId && account.id && type !== 'staff'
      ? linkToPersonStatements(db, type, account.id, account.email, crypto.randomUUID())
      : [];
  const results = await batch(db, [
    ...extra,
    passwordResetStatement(db, holder, passwordHash, revokeBefore),
    sessionsOf,
    ...becomePerson,
  ]);
  return results.slice(0, extra.length);
}
