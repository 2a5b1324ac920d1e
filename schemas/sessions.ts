/**
 * Signing out (every account type): `POST …/logout` ends this device's session on the server,
 * `POST …/logout-all` every session of the account ("Sign out of all devices"). Shared by the
 * routes and the dashboards' buttons.
 */

/**
 * A student's and a partner's sign-out on this device, one export each as well as in
 * `SIGN_OUT_PATHS`: the site header's script is in every page's script (scripts/build/page-scripts.ts)
 * and posts only these two, and the bundler keeps an object literal whole.
 */
export const STUDENT_LOGOUT_PATH = '/api/users/logout';
export const PARTNER_LOGOUT_PATH = '/api/partner/logout';

/** The sign-out paths per account type (the API prefix of each account area). */
export const SIGN_OUT_PATHS = {
  student: { logout: STUDENT_LOGOUT_PATH, logoutAll: '/api/users/logout-all' },
  partner: { logout: PARTNER_LOGOUT_PATH, logoutAll: '/api/partner/logout-all' },
  applicant: { logout: '/api/job-applicants/logout', logoutAll: '/api/job-applicants/logout-all' },
  staff: { logout: '/api/admin/auth/logout', logoutAll: '/api/admin/auth/logout-all' },
} as const;

export const SIGNED_OUT_MESSAGE = 'You have signed out.';
export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You have signed out of all devices.';

// What both endpoints answer is `signOutResponse` (schemas/responses.ts): this module stays free of
// zod, since the site header's script imports it on every page.
