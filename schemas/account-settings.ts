import { z } from 'zod';
import { emailField } from './email.ts';
import { signInCode } from './sign-in.ts';

/**
 * A signed-in person's own account settings, the same behind every door (students, partners, job
 * seekers): the list of signed-in devices, signing one out, and changing the password. The paths
 * sit under each door's API prefix (`accountSettingsPaths`).
 */

// The paths and the messages without zod, for the pages that show them.
export {
  PASSWORD_CHANGED,
  WRONG_CURRENT_PASSWORD,
  DEVICE_SIGNED_OUT,
  NO_SUCH_DEVICE,
  accountSettingsPaths,
  type SettingsDoor,
} from './account-settings-text.ts';

const PASSWORD_REQUIRED = 'Password is required';

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(200),
  // The specs' password rule (6 characters), as at registration; a common password is refused on the server.
  newPassword: z
    .string({ error: PASSWORD_REQUIRED })
    .min(1, PASSWORD_REQUIRED)
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
});

export const sessionIdParam = z.object({ id: z.uuid('No such signed-in device') });

export const signedInDevice = z.object({
  id: z.string(),
  /** "Chrome on Android": browser and system only. */
  device: z.string(),
  signedInAt: z.string(),
  expiresAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export const devicesResponse = z.object({ success: z.literal(true), devices: z.array(signedInDevice) });
export type DevicesResponse = z.infer<typeof devicesResponse>;
export type SignedInDevice = z.infer<typeof signedInDevice>;

/** The roles a person can hold, named as their doors' account types. */
export const personRoles = ['student', 'partner', 'applicant'] as const;
export type PersonRole = (typeof personRoles)[number];

/** GET <door>/roles: which of the person's roles exist (the dashboards offer a switch between them). */
export const rolesResponse = z.object({
  success: z.literal(true),
  roles: z.object({ student: z.boolean(), partner: z.boolean(), applicant: z.boolean() }),
});
export type RolesResponse = z.infer<typeof rolesResponse>;

/** POST <door>/switch: a session at another of the person's roles, without the password again. */
export const switchRoleSchema = z.object({
  to: z.enum(personRoles, { error: 'Choose student, partner or applicant' }),
});
export const switchRoleResponse = z.object({ success: z.literal(true), token: z.string() });
export type SwitchRoleResponse = z.infer<typeof switchRoleResponse>;
export const NO_SUCH_ROLE = 'Your account has no such role. Sign in or register there first.';

/** POST <door>/change-email: the new address gets a code; the password proves it is the person. */
export const changeEmailSchema = z.object({
  newEmail: emailField,
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200),
});
/** POST <door>/change-email/confirm: the code e-mailed to the new address, from the browser that asked. */
export const confirmEmailChangeSchema = z.object({ code: signInCode.unwrap() });
/** POST /api/me/email-change/undo: the link e-mailed to the old address (valid 7 days). */
export const undoEmailChangeSchema = z.object({
  t: z.string({ error: 'This link is not valid.' }).min(1).max(2000),
});

export const EMAIL_CODE_SENT = (address: string) =>
  `We sent a code to ${address}. Enter it here to make it your account's e-mail address.`;
export const EMAIL_CHANGED = (address: string) =>
  `Your e-mail address is now ${address}. Your other devices have been signed out.`;
export const EMAIL_TAKEN = 'This e-mail address is already used by another account.';
export const EMAIL_SAME = 'This is already your e-mail address.';
export const EMAIL_CODE_WRONG = 'That code is not right or has expired. Ask for a new one.';
export const UNDO_INVALID = 'This link is not valid or has expired.';
export const EMAIL_RESTORED = (address: string) =>
  `Your e-mail address is ${address} again, and every device has been signed out. If someone else changed it, set a new password with "Forgot password?" now.`;
