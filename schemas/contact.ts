import { z } from 'zod';
import { homeContactRules, landingContactRules, ruleMessages, type TextRule } from './contact-rules.ts';

// The two public contact forms (spec 1 sections 2.10 and 3). The rules and their messages live in
// schemas/contact-rules.ts: the forms check them before sending (without zod) and these schemas,
// built from them, check them again at the routes. Lengths are bounded so nothing absurd is stored.

/** A required text field under its rule. */
const required = (r: TextRule) =>
  z
    .string({ error: ruleMessages.required(r) })
    .trim()
    .min(1, ruleMessages.required(r))
    .max(r.max, ruleMessages.tooLong(r))
    .superRefine((value, ctx) => {
      const problem = value ? r.problem?.(value) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** An optional text field under its rule ('' when absent). */
const optional = (r: TextRule) =>
  z
    .string({ error: ruleMessages.notText(r) })
    .trim()
    .max(r.max, ruleMessages.tooLong(r))
    .optional()
    .default('');

/** Landing-page 'Get In Touch' form: POST /api/sendsmsus. */
export const landingContactSchema = z.object({
  fullName: required(landingContactRules.fullName),
  email: required(landingContactRules.email),
  nnumber: required(landingContactRules.nnumber),
  details: required(landingContactRules.details),
});
export type LandingContactInput = z.input<typeof landingContactSchema>;

/** Home-page contact form: POST /api/contact. */
export const homeContactSchema = z.object({
  firstName: optional(homeContactRules.firstName),
  lastName: optional(homeContactRules.lastName),
  email: required(homeContactRules.email),
  phone: optional(homeContactRules.phone),
  subject: optional(homeContactRules.subject),
  country: optional(homeContactRules.country),
  message: optional(homeContactRules.message),
});
export type HomeContactInput = z.input<typeof homeContactSchema>;
