import { Forbidden, Invalid, TooMany, Unauthenticated } from '../errors.ts';
import type { Db } from '#db/client.ts';
import type { AccountType } from '#db/schema/index.ts';
import { getSite } from '#db/queries/site-content.ts';
import { SIGN_IN_CODE_WRONG } from '#schemas/sign-in.ts';
import { replacePasswordHash } from '#db/queries/accounts.ts';
import { findSignInCandidates, normalizeEmail } from './accounts.ts';
import { issueCode, verifyCode } from '../security/codes.ts';
import { codeEmail } from '../mail/emails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../security/passwords.ts';
import { clear, enforce, gate, gateHits, type Limit } from '../security/rate-limit.ts';

/**
 * Sign-in tries per account and per address (windows expire). Per address it is generous, so a
 * school or campus behind one address signs in freely; per account it is the protection, and past
 * it a right password from an address that has not tried yet still counts (see `gate`).
 */
export const LOGIN_LIMITS = {
  perAccount: { max: 5, windowSeconds: 15 * 60 },
  perAddress: { max: 100, windowSeconds: 15 * 60 },
} satisfies Record<string, Omit<Limit, 'name'>>;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const NOT_VERIFIED =
  'Your account is not verified yet. Enter the code we e-mailed you, or request a new one.';

/** How many unverified registrations of one address a sign-in compares the password with (newest first). */
const PENDING_COMPARED = 3;

/** A right password for a registration whose code has not been entered yet: 403, with its id. */
export class NotVerified extends Forbidden {
  override name = 'NotVerified';
  readonly accountId: string;
  constructor(accountId: string) {
    super(NOT_VERIFIED);
    this.accountId = accountId;
  }
}

const limitMessage = (wait: string) => `Too many login attempts. Please try again in ${wait}.`;
const hitsFor = (type: AccountType, email: string, address: string) =>
  gateHits(`${type}-login`, LOGIN_LIMITS, email, address);

/**
 * Checks an e-mail and password for one account type. Unknown e-mails cost a password check too and
 * get the same answer as a wrong password. Throws 429 (too many tries), 401 (wrong credentials) or
 * 403 `NotVerified` (a right password for a registration still waiting for its code; known only
 * after a correct password, so verification state never leaks without it). An address with no
 * verified account is compared with its newest unverified registrations (each has its own
 * password: issue 30 item 1). A registration left unverified past its 24 hours counts as none. A
 * password hashed with older parameters is re-hashed with today's once it has been checked
 * (docs/decisions/001-scrypt-passwords.md).
 *
 * `pastLimit`: the account was past its failure limit and this right password came from an address
 * that had not tried it yet. The caller asks for an e-mailed code (or, for staff, their second
 * factor) instead of signing in at once; the failures of others never lock the owner out.
 */
export async function checkLogin(
  db: Db,
  type: AccountType,
  email: string,
  password: string,
  address: string,
) {
  const normalized = normalizeEmail(email);
  const hits = hitsFor(type, normalized, address);
  const { pastLimit } = await gate(db, hits, limitMessage);
  const candidates = await findSignInCandidates(db, type, normalized, PENDING_COMPARED);
  let account: (typeof candidates)[number] | undefined;
  if (candidates.length === 0) await verifyPassword(password, await decoyHash());
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.passwordHash)) {
      account = candidate;
      break;
    }
  }
  if (!account) throw new Unauthenticated(INVALID_CREDENTIALS);
  if (!pastLimit) await Promise.all([clear(db, hits.account.limit, normalized), clearPair(db, hits)]);
  if (needsRehash(account.passwordHash))
    await upgradeHash(db, type, account.id, account.passwordHash, password);
  if (!account.isVerified) throw new NotVerified(account.id);
  return { account, pastLimit };
}

const clearPair = (db: Db, hits: ReturnType<typeof hitsFor>) => clear(db, hits.pair.limit, hits.pair.subject);

/**
 * E-mails the code that finishes a sign-in past the failure limit (purpose 'signin': 10 minutes,
 * single use, 5 tries, at most 3 sends per 15 minutes). A send limit reached is silent: the person
 * already has a recent code in their inbox.
 */
export async function sendSignInCode(
  db: Db,
  mailer: Mailer,
  type: AccountType,
  account: { id: string; email: string },
  name: string | null,
) {
  let code: string;
  try {
    code = await issueCode(db, { accountType: type, accountId: account.id, purpose: 'signin' });
  } catch (error) {
    if (error instanceof TooMany) return;
    throw error;
  }
  await mailer.send(codeEmail(await getSite(db), account.email, name, code, 'signin'));
}

/**
 * The second request of a sign-in past the limit: the e-mailed code, then the password again. The
 * code is judged first (5 tries a code, counted before judging), so sending a code is no way round
 * the sign-in limits to guess passwords: without the mailbox there is no code to pass. The address
 * limit still counts every try.
 */
export async function checkLoginWithCode(
  db: Db,
  type: AccountType,
  email: string,
  password: string,
  code: string,
  address: string,
) {
  const normalized = normalizeEmail(email);
  const hits = hitsFor(type, normalized, address);
  await enforce(db, [hits.address], limitMessage);
  const [account] = await findSignInCandidates(db, type, normalized, 1);
  const owner = {
    accountType: type,
    accountId: account?.id ?? `unknown:${normalized}`,
    purpose: 'signin',
  } as const;
  const verdict = await verifyCode(db, owner, code);
  if (!account || !account.isVerified || verdict.status !== 'ok') throw new Invalid(SIGN_IN_CODE_WRONG);
  if (!(await verifyPassword(password, account.passwordHash))) throw new Unauthenticated(INVALID_CREDENTIALS);
  // The owner is in: the account's failure count starts again.
  await Promise.all([clear(db, hits.account.limit, normalized), clearPair(db, hits)]);
  return account;
}

/**
 * Stores the checked password's hash with today's parameters. Conditional on the old hash, so a
 * password changed in the meantime (a reset in another tab) is never overwritten.
 */
async function upgradeHash(db: Db, type: AccountType, id: string, old: string, password: string) {
  await replacePasswordHash(db, type, id, old, await hashPassword(password));
}
