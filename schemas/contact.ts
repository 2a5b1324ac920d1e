import { z } from 'zod';
import { phoneProblem } from './phone.ts';

// The two public contact forms (spec 1 sections 2.10 and 3). The forms check these same schemas
// before sending (site/islands/contact/send-form.tsx) and the routes check them again, so a rule
// and its message are the same on both sides; lengths are bounded so nothing absurd is stored.
const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).optional().default('');
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

/** Landing-page 'Get In Touch' form: POST /api/sendsmsus. */
export const landingContactSchema = z.object({
  fullName: text('Name', 120),
  email,
  nnumber: text('Phone', 40).superRefine((value, ctx) => {
    const problem = value ? phoneProblem(value) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  details: text('Message', 5000),
});
export type LandingContactInput = z.input<typeof landingContactSchema>;

/** Home-page contact form: POST /api/contact. Only the e-mail is checked by the browser. */
export const homeContactSchema = z.object({
  firstName: optionalText('First name', 80),
  lastName: optionalText('Last name', 80),
  email,
  phone: optionalText('Phone', 40),
  subject: optionalText('Subject', 200),
  country: optionalText('Country', 120),
  message: optionalText('Message', 5000),
});
export type HomeContactInput = z.input<typeof homeContactSchema>;

export { contactMessages } from './contact-messages.ts';
