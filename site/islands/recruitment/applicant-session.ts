import { ApiError, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { createSession } from '#site/lib/session.ts';
import { storageKeys } from '#site/lib/storage.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const jobsContract = () => (import.meta.env.DEV ? import('#schemas/recruitment.ts') : notInProduction());

/** The job applicant's session (spec 2: the token kept in local storage, sent in the X-Applicant-Token header). */
export const applicantSession = createSession('applicant', { tokens: [storageKeys.applicantToken] });

/**
 * Seconds until a token's own expiry (its `exp` claim), 0 when it has passed or cannot be read.
 * Reading the claim is not verifying it: the server still checks the signature and the account.
 */
export function secondsLeft(token: string, now = Date.now()): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? Math.max(0, Math.floor(exp - now / 1000)) : 0;
  } catch {
    return 0;
  }
}

/** Margin kept before expiry: a 10 MB CV on a slow line must not outlive the token it was sent with. */
const MARGIN_SECONDS = 60;

/** The stored token if it has not expired (a dead one is removed), else null. */
export function usableApplicantToken(): string | null {
  const token = applicantSession.getToken();
  if (!token) return null;
  if (secondsLeft(token) > MARGIN_SECONDS) return token;
  applicantSession.clear();
  return null;
}

/**
 * Whether the stored token still opens an applicant account: its expiry, then one small server
 * check (GET /api/job-applicants/me, which also renews a token near expiry). 'unknown' when the
 * server could not be asked (offline): the token is kept and the submit will tell.
 */
export async function checkApplicantSession(): Promise<'valid' | 'invalid' | 'unknown'> {
  if (!usableApplicantToken()) return 'invalid';
  try {
    await applicantApi('/api/job-applicants/me', {
      schema: schemaFrom(jobsContract, 'applicantProfileSchema'),
    });
    return 'valid';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      applicantSession.clear();
      return 'invalid';
    }
    return 'unknown';
  }
}

/** The header carrying the applicant's token (for api() and site/lib/upload.ts alike). */
export const applicantHeaders = applicantSession.headers;

/** Calls the API as the signed-in applicant. */
export const applicantApi = applicantSession.call;
