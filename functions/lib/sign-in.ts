import type { Context } from 'hono';
import type { AccountType } from '#db/schema/index.ts';
import type { FailureResponse } from '#schemas/responses.ts';
import { SIGN_IN_CODE_SENT } from '#schemas/sign-in.ts';
import { checkLogin, checkLoginWithCode, NotVerified, sendSignInCode } from '../services/accounts/login.ts';
import { startSession } from '../services/accounts/sessions.ts';
import type { AppEnv } from './app-env.ts';
import { config } from './config.ts';
import { deviceLabel } from './device-label.ts';
import { challengeFor, clearChallenge, readChallenge } from './code-challenges.ts';
import { readKnownDevice, rememberDevice } from './device-cookie.ts';

/** The 401 body that asks the form for the e-mailed code. */
export const CODE_REQUIRED: FailureResponse = {
  success: false,
  message: SIGN_IN_CODE_SENT,
  codeRequired: true,
};

/**
 * The password step of every sign-in (students, partners, job applicants and staff, whose second
 * factor follows in their own router). A browser known to the account (its device cookie) is judged
 * under its own limit and passes the flood limit of the account, so others' tries never lock the
 * owner out. From an unknown browser, past the account's unknown-device limit no password is judged:
 * a code is e-mailed under a challenge this browser holds (`codeSent`, which the route answers with
 * `CODE_REQUIRED`), and the next request brings the code with the password (`code`). A successful
 * sign-in marks the browser as known.
 */
export async function passwordSignIn(
  c: Context<AppEnv>,
  type: AccountType,
  input: { email: string; password: string; code?: string | undefined },
  name: (accountId: string) => Promise<string | null>,
) {
  const db = c.var.db;
  const address = c.var.limiter.address;
  const deviceId = await readKnownDevice(c, type, input.email);
  await c.var.limiter.flood(type, deviceId ? undefined : input.email);
  if (input.code) {
    const challenge = readChallenge(c, 'signin');
    const account = await checkLoginWithCode(db, type, input.email, input.password, input.code, {
      address,
      challenge,
    });
    clearChallenge(c, 'signin');
    await rememberDevice(c, type, account.email, deviceId);
    return { account, codeSent: false } as const;
  }
  const outcome = await checkLogin(db, type, input.email, input.password, { address, deviceId });
  if (outcome.kind === 'signed-in') {
    await rememberDevice(c, type, outcome.account.email, deviceId);
    return { account: outcome.account, codeSent: false } as const;
  }
  await sendSignInCode(db, c.var.mailer, type, input.email, challengeFor(c, 'signin'), name);
  return { account: null, codeSent: true } as const;
}

/** The doors a person signs in at (staff have their own, with its second factor). */
type PersonDoor = Exclude<AccountType, 'staff'>;

/**
 * A new session of the door's role for the account, and its first token. `personId`: the person
 * signing in, where the role row alone does not say (a member of a partner organisation signs in
 * to its row, which names its owner).
 */
export const startDoorSession = (
  c: Context<AppEnv>,
  type: PersonDoor,
  accountId: string,
  { remember = false, personId }: { remember?: boolean; personId?: string | null } = {},
) =>
  startSession(c.var.db, config(c.env), {
    sub: accountId,
    aud: type,
    role: type,
    remember,
    device: deviceLabel(c.req.header('User-Agent')),
    personId,
  });

/**
 * A door's sign-in, whichever door: the password step (`passwordSignIn`), then a session of that
 * door's role. Where the door gets no session it gets what to answer instead: 403 for a right
 * password of a registration still waiting for its code (with its id, so the page can send that
 * registration, not another of the address's, a new code), 401 asking for the e-mailed code.
 */
export async function doorSignIn(
  c: Context<AppEnv>,
  type: PersonDoor,
  input: { email: string; password: string; code?: string | undefined; remember?: boolean | undefined },
  name: (accountId: string) => Promise<string | null>,
): Promise<{ refusal: { status: 401 | 403; body: FailureResponse } } | { accountId: string; token: string }> {
  let signedIn;
  try {
    signedIn = await passwordSignIn(c, type, input, name);
  } catch (error) {
    if (!(error instanceof NotVerified)) throw error;
    const body: FailureResponse = {
      success: false,
      message: error.message,
      needsVerification: true,
      userId: error.accountId,
    };
    return { refusal: { status: 403, body } };
  }
  if (signedIn.codeSent) return { refusal: { status: 401, body: CODE_REQUIRED } };
  const { id: accountId, personId } = signedIn.account;
  const remember = input.remember === true;
  return { accountId, token: await startDoorSession(c, type, accountId, { remember, personId }) };
}
