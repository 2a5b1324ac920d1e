// No zod here: the rule is plain code so a form can check a number as it is typed, and
// schemas/contact.ts wraps it for the server and the form's submit check (one rule, one place).

/** Digits a phone number may have once the extension and a trunk "(0)" are set aside (E.164 allows 15). */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

// What people write after the number: "ext. 2", "ext 2", "extension 2", "x2", "#2".
const EXTENSION = /\s*(?:,\s*)?(?:ext(?:ension)?\.?|x|#)\s*(\d{1,6})\s*$/i;

export const phoneMessages = {
  characters: 'Phone number can only contain digits, spaces, + ( ) - . / and an extension such as "ext. 2"',
  plus: 'Put + only at the start of the number, before the country code',
  brackets: 'Phone number has an unmatched bracket',
  tooShort: `Phone number is too short: enter at least ${PHONE_MIN_DIGITS} digits, with the area code`,
  tooLong: `Phone number is too long: at most ${PHONE_MAX_DIGITS} digits, not counting an extension`,
} as const;

/**
 * What is wrong with a phone number as a person typed it, or null when it is acceptable. Accepts
 * the usual ways of writing one: `+44 (0)20 7946 0000 ext. 2`, `020-7946-0000`, `(555) 010-0199`,
 * `+1.555.010.0199 x12`. It checks the form, not whether the number exists.
 */
export function phoneProblem(input: string): string | null {
  const value = input.trim();
  const main = value.replace(EXTENSION, '');
  if (!/^[\d\s().+\-/]*$/.test(main)) return phoneMessages.characters;
  if (main.lastIndexOf('+') > 0) return phoneMessages.plus;
  let depth = 0;
  for (const ch of main) {
    depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
    if (depth < 0 || depth > 1) return phoneMessages.brackets;
  }
  if (depth !== 0) return phoneMessages.brackets;
  // "+44 (0)20 …": the bracketed 0 is the trunk prefix, dialled only from inside the country.
  const digits = main.replace(/\(0\)/, '').replace(/\D/g, '');
  if (digits.length < PHONE_MIN_DIGITS) return phoneMessages.tooShort;
  if (digits.length > PHONE_MAX_DIGITS) return phoneMessages.tooLong;
  return null;
}
