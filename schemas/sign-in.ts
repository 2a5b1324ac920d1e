import { z } from 'zod';

/**
 * Signing in with an e-mailed code as well as the password (every account type): from a browser the
 * account does not know, past its limit for unknown browsers, and (staff) before a first second
 * factor is set up. The login answers 401 with `codeRequired` and this message, and e-mails a code;
 * the form shows a code field and sends the e-mail, password and `code` again to the same login
 * endpoint, from the same browser (the code is bound to it: functions/lib/code-challenges.ts).
 */
export const SIGN_IN_CODE_SENT = "We've e-mailed you a code to finish signing in.";
export const SIGN_IN_CODE_WRONG =
  'That code is not right or has expired. Check the e-mail, or sign in again for a new code.';
export const SIGN_IN_CODE_FORMAT = 'Enter the 6-digit code we e-mailed you.';

/** The optional `code` of the login endpoints. */
export const signInCode = z
  .string({ error: SIGN_IN_CODE_FORMAT })
  .trim()
  .regex(/^\d{6}$/, SIGN_IN_CODE_FORMAT)
  .optional();
