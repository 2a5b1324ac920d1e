import { z } from 'zod';

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
