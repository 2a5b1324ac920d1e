import { HTTPException } from 'hono/http-exception';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The answer to a new password found among the most common ones (spec/0-decisions.md). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another.';

// zxcvbn-ts's list of common passwords (~49,000, from leaked-password frequency counts), checked on
// the server only: it never reaches a browser bundle. Unpacked on first use, not at start-up, so a
// Worker isolate that never sets a password pays nothing for it.
let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())));

/** True when a password (compared without case and surrounding spaces) is among the most common ones. */
export function isCommonPassword(password: string) {
  return commonPasswords().has(password.normalize('NFKC').trim().toLowerCase());
}

/** Refuses a common password for a new or changed password: 400 with the decisions' message. */
export function assertNotCommon(password: string) {
  if (isCommonPassword(password)) throw new HTTPException(400, { message: COMMON_PASSWORD_MESSAGE });
}
