import type { Context } from 'hono';
import type { AccountType } from '#db/schema/index.ts';
import type { FailureResponse } from '#schemas/responses.ts';
import { SIGN_IN_CODE_SENT } from '#schemas/sign-in.ts';
import { checkLogin, checkLoginWithCode, sendSignInCode } from '../services/accounts/login.ts';
import type { AppEnv } from './app-env.ts';

/** The 401 body that asks the form for the e-mailed code (issue 30 item 3). */
export const CODE_REQUIRED: FailureResponse = {
  success: false,
  message: SIGN_IN_CODE_SENT,
  codeRequired: true,
};

/**
 * The password step of a student's, partner's or job applicant's sign-in (staff give their second
 * factor instead): the flood limits, then either the e-mailed code with the password (`code`
 * given), or the password under the account's limits. A right password past the account's
 * failure limit, from an address that has not tried it, e-mails a code instead of signing in:
 * `codeSent`, which the route answers with `CODE_REQUIRED` (401).
 */
export async function passwordSignIn(
  c: Context<AppEnv>,
  type: Exclude<AccountType, 'staff'>,
  input: { email: string; password: string; code?: string | undefined },
  name: (accountId: string) => Promise<string | null>,
) {
  const db = c.var.db;
  const address = c.var.limiter.address;
  await c.var.limiter.flood(type, input.email);
  if (input.code) {
    const account = await checkLoginWithCode(db, type, input.email, input.password, input.code, address);
    return { account, codeSent: false } as const;
  }
  const { account, pastLimit } = await checkLogin(db, type, input.email, input.password, address);
  if (!pastLimit) return { account, codeSent: false } as const;
  await sendSignInCode(db, c.var.mailer, type, account, await name(account.id));
  return { account: null, codeSent: true } as const;
}
