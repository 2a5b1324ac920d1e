import type { Context } from 'hono';
import type { AccountType } from '#db/schema/index.ts';
import type { FailureResponse } from '#schemas/responses.ts';
import { SIGN_IN_CODE_SENT } from '#schemas/sign-in.ts';
import { checkLogin, checkLoginWithCode, sendSignInCode } from '../services/accounts/login.ts';
import type { AppEnv } from './app-env.ts';
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
