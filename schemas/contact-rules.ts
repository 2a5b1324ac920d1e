// No zod here: the contact forms check these rules in the browser without shipping a validator
// (the home page's JavaScript budget), and schemas/contact.ts builds the routes' zod schemas from
// the very same rules. One rule, one message, both sides.
import type { FieldMessages } from './errors.ts';
import { phoneProblem } from './phone.ts';

/** A text field of a contact form. */
export interface TextRule {
  label: string;
  max: number;
  required: boolean;
  /** What is wrong with a non-empty value, or null. */
  problem?: (value: string) => string | null;
}

// The shape zod 4's z.email() accepts (no leading, trailing or doubled dots; a dotted domain).
const EMAIL =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const emailProblem = (value: string) =>
  EMAIL.test(value) ? null : 'Please enter a valid email address';

export const ruleMessages = {
  required: (r: TextRule) => `${r.label} is required`,
  notText: (r: TextRule) => `${r.label} must be text`,
  tooLong: (r: TextRule) => `${r.label} must be at most ${r.max} characters`,
};

/** Landing-page 'Get In Touch' (spec 1 section 2.10): every field required. */
export const landingContactRules = {
  fullName: { label: 'Name', max: 120, required: true },
  email: { label: 'Email', max: 254, required: true, problem: emailProblem },
  nnumber: { label: 'Phone', max: 40, required: true, problem: phoneProblem },
  details: { label: 'Message', max: 5000, required: true },
} satisfies Record<string, TextRule>;

/** Home-page contact form: the e-mail is required (we cannot answer without it), the rest optional. */
export const homeContactRules = {
  firstName: { label: 'First name', max: 80, required: false },
  lastName: { label: 'Last name', max: 80, required: false },
  email: { label: 'Email', max: 254, required: true, problem: emailProblem },
  phone: { label: 'Phone', max: 40, required: false },
  subject: { label: 'Subject', max: 200, required: false },
  country: { label: 'Country', max: 120, required: false },
  message: { label: 'Message', max: 5000, required: false },
} satisfies Record<string, TextRule>;

/** The message for one value under one rule, or null when it passes (what the zod schema says too). */
export function ruleProblem(rule: TextRule, value: unknown): string | null {
  if (value === undefined || value === null) return rule.required ? ruleMessages.required(rule) : null;
  if (typeof value !== 'string')
    return rule.required ? ruleMessages.required(rule) : ruleMessages.notText(rule);
  const text = value.trim();
  if (!text) return rule.required ? ruleMessages.required(rule) : null;
  if (text.length > rule.max) return ruleMessages.tooLong(rule);
  return rule.problem?.(text) ?? null;
}

/** Every field's message for a form body (empty when all pass). */
export function checkFields(rules: Record<string, TextRule>, body: Record<string, unknown>): FieldMessages {
  const out: FieldMessages = {};
  for (const [field, rule] of Object.entries(rules)) {
    const problem = ruleProblem(rule, body[field]);
    if (problem) out[field] = problem;
  }
  return out;
}
