import { Forbidden, Invalid, TooMany, Unauthenticated } from '../errors.ts';
import type { Db } from '#db/client.ts';
import type { AccountType } from '#db/schema/index.ts';
import { getSite } from '#db/queries/site-content.ts';
import { SIGN_IN_CODE_WRONG } from '#schemas/sign-in.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { replacePasswordHash } from '#db/queries/accounts.ts';
import { findSignInCandidates, type Credentials } from './accounts.ts';
import { adoptMergedPassword, ensureRole } from './people.ts';
import { issueCode, verifyCode } from '../security/codes.ts';
import { codeEmail } from '../mail/emails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../security/passwords.ts';
import { clear, enforce, hit, refund, type Limit } from '../security/rate-limit.ts';

/**
 * The sign-in limits (windows expire by themselves), after OWASP's device-cookie design
 * (devices.ts). Every password check is counted before it is judged, in one conditional statement:
 *
 * - `unknownDevices`: checks of one account from browsers it does not know, across all addresses.
 *   A guesser spread over any number of addresses gets this many checks a window and no more: past
 *   it a browser without a device token gets no password check at all, only an e-mailed code
 *   (`step-up`), after which the password is judged.
 * - `perDevice`: wrong passwords from one known browser before it counts as unknown (a stolen
 *   laptop's cookie is no licence to guess).
 * - `perAddress`: generous, so a school or campus behind one address signs in freely (at least
 *   100 sign-ins an hour), and a flood from one address stops.
 */
export const LOGIN_LIMITS = {
  unknownDevices: { max: 10, windowSeconds: 15 * 60 },
  perDevice: { max: 10, windowSeconds: 15 * 60 },
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
const counterNames = {
  unknownDevices: 'unknown-devices',
  perDevice: 'device',
  perAddress: 'address',
} as const;
/**
 * Whose counters a door's sign-ins count on: the three doors of people (students, partners, job
 * seekers) open one person, so a guesser gets one person's limit, not one per door; staff are
 * their own kind.
 */
export const credentialKind = (type: AccountType) => (type === 'staff' ? 'staff' : 'person');

/** A sign-in limit, counted as `<person|staff>-login-<counter>:<subject>`. */
const limit = (type: AccountType, name: keyof typeof LOGIN_LIMITS): Limit => ({
  name: `${credentialKind(type)}-login-${counterNames[name]}`,
  ...LOGIN_LIMITS[name],
});

/** Who owns an account's sign-in codes: the person (any door), or the account itself. */
export const codeHolder = (type: AccountType, account: Credentials) =>
  account.personId
    ? ({ accountType: 'person', accountId: account.personId } as const)
    : ({ accountType: type, accountId: account.id ?? 'none' } as const);

/**
 * The signed-in account of a door: a person's row of that role, made now if they did not hold it
 * (people.ts `ensureRole`; a partner organisation is never made here).
 */
async function atDoor(db: Db, type: AccountType, account: Credentials): Promise<SignedIn> {
  if (account.id) return { ...account, id: account.id };
  if (!account.personId || type === 'staff') throw new Unauthenticated(INVALID_CREDENTIALS);
  return { ...account, id: await ensureRole(db, type, { id: account.personId, email: account.email }) };
}

/** A signed-in account: its credentials with the door's row. */
export type SignedIn = Credentials & { id: string };

/** Where a sign-in comes from: the client's address bucket and, when the browser is known to the account, its device id. */
export interface SignInSource {
  address: string;
  deviceId: string | null;
}

export type LoginOutcome =
  | { kind: 'signed-in'; account: SignedIn }
  /** The account's unknown-device limit is spent: no password was judged; an e-mailed code comes first. */
  | { kind: 'step-up' };

/**
 * Checks an e-mail and password for one account type. Unknown e-mails cost a password check too and
 * get the same answer as a wrong password (and the same step-up past the limit). Throws 429 (the
 * address's limit), 401 (wrong credentials) or 403 `NotVerified` (a right password for a
 * registration still waiting for its code; known only after a correct password, so verification
 * state never leaks without it). An address with no verified account is compared with its newest
 * unverified registrations (each has its own password). A password hashed with older parameters is
 * re-hashed with today's once it has been checked (docs/decisions/001-scrypt-passwords.md).
 */
export async function checkLogin(
  db: Db,
  type: AccountType,
  email: string,
  password: string,
  source: SignInSource,
): Promise<LoginOutcome> {
  const normalized = normalizeEmail(email);
  await enforce(db, [{ limit: limit(type, 'perAddress'), subject: source.address }], limitMessage);
  // The account last in every counter's subject: erasing a person finds its counters by the e-mail.
  const deviceSubject = source.deviceId ? `${source.deviceId}:${normalized}` : null;
  const known = deviceSubject !== null && (await hit(db, limit(type, 'perDevice'), deviceSubject)).allowed;
  if (!known && !(await hit(db, limit(type, 'unknownDevices'), normalized)).allowed)
    return { kind: 'step-up' };
  const candidates = await findSignInCandidates(db, type, normalized, PENDING_COMPARED);
  let account: Credentials | undefined;
  if (candidates.length === 0) await verifyPassword(password, await decoyHash());
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.passwordHash)) {
      account = candidate;
      break;
    }
  }
  // A person whose accounts were merged with different passwords signs in once with any of them.
  const person = candidates[0]?.personId ? candidates[0] : undefined;
  if (!account && person && (await adoptMergedPasswordOf(db, person, password))) account = person;
  if (!account) throw new Unauthenticated(INVALID_CREDENTIALS);
  // The limits count failures: a right password takes its count back (counted first, so that
  // parallel guesses could not pass the limit together).
  if (known && deviceSubject) await clear(db, limit(type, 'perDevice'), deviceSubject);
  else await refund(db, limit(type, 'unknownDevices'), normalized);
  if (needsRehash(account.passwordHash)) await upgradeHash(db, type, account, password);
  if (!account.isVerified && account.id) throw new NotVerified(account.id);
  return { kind: 'signed-in', account: await atDoor(db, type, account) };
}

/** `adoptMergedPassword` for a person's credentials. */
const adoptMergedPasswordOf = (db: Db, person: Credentials, password: string) =>
  person.personId
    ? adoptMergedPassword(
        db,
        {
          id: person.personId,
          passwordHash: person.passwordHash,
          mergedPasswordHashes: person.mergedPasswordHashes,
        },
        password,
      )
    : Promise.resolve(false);

/**
 * E-mails the code that opens a step-up sign-in (purpose 'signin': 10 minutes, single use, 5 tries),
 * bound to the asking browser's `challenge`, to the verified account of the address, if there is
 * one; nothing for an unknown address, whose answer is the same. A send limit reached is silent:
 * the person already has a recent code in their inbox.
 */
export async function sendSignInCode(
  db: Db,
  mailer: Mailer,
  type: AccountType,
  email: string,
  challenge: string,
  name: (accountId: string) => Promise<string | null>,
) {
  const [account] = await findSignInCandidates(db, type, normalizeEmail(email), 1);
  if (!account?.isVerified || !(account.id ?? account.personId)) return;
  let code: string;
  try {
    code = await issueCode(db, { ...codeHolder(type, account), purpose: 'signin', challenge });
  } catch (error) {
    if (error instanceof TooMany) return;
    throw error;
  }
  const greeting = account.id ? await name(account.id) : null;
  await mailer.send(codeEmail(await getSite(db), account.email, greeting, code, 'signin'));
}

/**
 * The second request of a step-up sign-in: the e-mailed code, then the password. The code is judged
 * first, and only under the challenge this browser holds (5 tries a code), so a step-up is no way
 * round the limits to guess passwords (without the mailbox there is no code to pass), and nobody
 * else's tries reach the owner's code. The address limit still counts every try.
 */
export async function checkLoginWithCode(
  db: Db,
  type: AccountType,
  email: string,
  password: string,
  code: string,
  source: { address: string; challenge: string | undefined },
) {
  const normalized = normalizeEmail(email);
  await enforce(db, [{ limit: limit(type, 'perAddress'), subject: source.address }], limitMessage);
  const [account] = await findSignInCandidates(db, type, normalized, 1);
  const owner = {
    ...(account ? codeHolder(type, account) : { accountType: type, accountId: `unknown:${normalized}` }),
    purpose: 'signin',
    // A try without a challenge is counted under a fresh one that no code was sent for.
    challenge: source.challenge ?? crypto.randomUUID(),
  } as const;
  const verdict = await verifyCode(db, owner, code);
  if (!account || !account.isVerified || verdict.status !== 'ok') throw new Invalid(SIGN_IN_CODE_WRONG);
  if (
    !(await verifyPassword(password, account.passwordHash)) &&
    !(await adoptMergedPasswordOf(db, account, password))
  )
    throw new Unauthenticated(INVALID_CREDENTIALS);
  return atDoor(db, type, account);
}

/**
 * Stores the checked password's hash with today's parameters. Conditional on the old hash, so a
 * password changed in the meantime (a reset in another tab) is never overwritten.
 */
async function upgradeHash(db: Db, type: AccountType, account: Credentials, password: string) {
  if (!account.id && !account.personId) return;
  const holder = { type, id: account.id ?? '', personId: account.personId };
  await replacePasswordHash(db, holder, account.passwordHash, await hashPassword(password));
}
