import { z } from 'zod';
import { staffRoles } from './staff.ts';
import { signInCode } from '../sign-in.ts';

/**
 * Staff sign-in: the password step, the second factor (authenticator codes, recovery codes) and
 * the signed-in profile.
 */

export const staffLoginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Email is invalid')),
  password: z.string().min(1, 'Password is required').max(200),
  code: signInCode,
});

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** Below this many unused recovery codes the back office warns the person. */
export const RECOVERY_CODES_LOW = 3;

const totpCode = z
  .string('Enter the 6-digit code from your authenticator app.')
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** The second step of a staff sign-in: a code from the authenticator app, or a recovery code. */
export const staffMfaSchema = z.union(
  [
    z.object({ code: totpCode }).strict(),
    z
      .object({
        recoveryCode: z
          .string()
          .trim()
          .min(1, 'Enter one of your recovery codes.')
          .max(40, 'That is not a recovery code.'),
      })
      .strict(),
  ],
  'Enter the 6-digit code from your authenticator app, or a recovery code.',
);

/** A current code from the authenticator app (new recovery codes). */
export const staffMfaCodeSchema = z.object({ code: totpCode });

/**
 * Turning the second factor on: the first code the new authenticator shows and, from the back
 * office (a session a password alone may have opened), the code e-mailed to the staff address
 * (POST /api/admin/auth/mfa/email-code). During an admin's first sign-in the e-mailed code was
 * given at the password step already.
 */
export const staffMfaEnableSchema = staffMfaCodeSchema.extend({ emailCode: signInCode });

/** The refusal of a wrong or spent e-mailed code at `enable` (the form marks that field by it). */
export const STAFF_EMAIL_CODE_WRONG =
  'That code from the e-mail is not right or has expired. Check the e-mail, or send a new code.';

/** What the back office knows about the signed-in staff member (GET /api/admin/auth/me). */
export const staffProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** Two-step sign-in: on or off, and how many unused recovery codes are left. */
  mfa: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/**
 * The answer to the password step: signed in (editors without a second factor), or the second
 * step still to do: enter a code ('mfa'), or set up an authenticator first ('enrol', admins).
 */
export const staffSignInSchema = z.union([
  z.object({ success: z.literal(true), step: z.literal('signed-in'), staff: staffProfileSchema }),
  z.object({ success: z.literal(true), step: z.enum(['mfa', 'enrol']) }),
]);
export type StaffSignIn = z.infer<typeof staffSignInSchema>;

/** A new authenticator to scan: the QR code (SVG), the same as an otpauth:// URL and as text. */
export const staffMfaSetupSchema = z.object({
  success: z.literal(true),
  qrSvg: z.string(),
  otpauthUrl: z.string(),
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
});
export type StaffMfaSetup = z.infer<typeof staffMfaSetupSchema>;

/** The second factor is on: the recovery codes (shown once) and the signed-in profile. */
export const staffMfaEnabledSchema = z.object({
  success: z.literal(true),
  recoveryCodes: z.array(z.string()),
  staff: staffProfileSchema,
});
export type StaffMfaEnabled = z.infer<typeof staffMfaEnabledSchema>;

/** The second step passed: signed in. */
export const staffSignedInSchema = z.object({ success: z.literal(true), staff: staffProfileSchema });
export type StaffSignedIn = z.infer<typeof staffSignedInSchema>;
