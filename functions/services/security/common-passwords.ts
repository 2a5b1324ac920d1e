import { Invalid } from '../errors.ts';

/** The answer to a new password found among the most common ones (spec/0-decisions.md). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another.';

// zxcvbn-ts's list of common passwords (~49,000, from leaked-password frequency counts), checked on
// the server only: it never reaches a browser bundle. The package unpacks its list when it is first
// evaluated (~0.1 s of CPU), so it is imported on first use, not at start-up: a Worker isolate that
// never sets a password pays nothing for it, and start-up stays short.
let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  ));

/** True when a password (compared without case and surrounding spaces) is among the most common ones. */
export async function isCommonPassword(password: string) {
  return (await commonPasswords()).has(password.normalize('NFKC').trim().toLowerCase());
}

/** Refuses a common password for a new or changed password: 400 with the decisions' message. */
export async function assertNotCommon(password: string) {
  if (await isCommonPassword(password)) throw new Invalid(COMMON_PASSWORD_MESSAGE);
}
