// The paths and words of account settings, without zod: the settings island imports them with the
// dashboards' code, and loads the validation rules (schemas/account-settings.ts, which re-exports
// these) only when the password form is used.

export const PASSWORD_CHANGED = 'Your password has been changed. Your other devices have been signed out.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';
export const DEVICE_SIGNED_OUT = 'That device has been signed out.';
export const NO_SUCH_DEVICE = 'That device is no longer signed in.';

/** The settings paths under each door's prefix. */
export const accountSettingsPaths = {
  student: {
    devices: '/api/users/sessions',
    changePassword: '/api/users/change-password',
    roles: '/api/users/roles',
    switchRole: '/api/users/switch',
    changeEmail: '/api/users/change-email',
    confirmEmail: '/api/users/change-email/confirm',
  },
  partner: {
    devices: '/api/partner/sessions',
    changePassword: '/api/partner/change-password',
    roles: '/api/partner/roles',
    switchRole: '/api/partner/switch',
    changeEmail: '/api/partner/change-email',
    confirmEmail: '/api/partner/change-email/confirm',
  },
  applicant: {
    devices: '/api/job-applicants/sessions',
    changePassword: '/api/job-applicants/change-password',
    roles: '/api/job-applicants/roles',
    switchRole: '/api/job-applicants/switch',
    changeEmail: '/api/job-applicants/change-email',
    confirmEmail: '/api/job-applicants/change-email/confirm',
  },
} as const;

/** The doors a person signs in at (students, partners, job seekers), each with the same settings. */
export type SettingsDoor = keyof typeof accountSettingsPaths;
