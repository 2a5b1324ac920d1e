import { z } from 'zod';

/**
 * Signing in past an account's failure limit (every account type but staff, who give their second
 * factor instead): a right password from an address that has not tried the account yet is answered
 * 401 with `codeRequired` and this message, and an e-mailed code; the form shows a code field and
 * sends the e-mail, password and `code` again to the same login endpoint (issue 30 item 3).
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
