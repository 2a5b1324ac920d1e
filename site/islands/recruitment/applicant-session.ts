import type { ZodType, output } from 'zod';
import { api, ApiError, type ApiOptions, type Typed } from '../../lib/api.ts';
import { storageKeys } from '../../lib/storage.ts';

/** The job applicant's token (spec 2: kept in local storage, sent in the X-Applicant-Token header). */
export const getApplicantToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKeys.applicantToken));
export const setApplicantToken = (token: string) => localStorage.setItem(storageKeys.applicantToken, token);
export const clearApplicantToken = () => localStorage.removeItem(storageKeys.applicantToken);

/**
 * Seconds until a token's own expiry (its `exp` claim), 0 when it has passed or cannot be read.
 * Reading the claim is not verifying it: the server still checks the signature and the account.
 */
export function secondsLeft(token: string, now = Date.now()): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
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
  const token = getApplicantToken();
  if (!token) return null;
  if (secondsLeft(token) > MARGIN_SECONDS) return token;
  clearApplicantToken();
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
    await applicantApi('/api/job-applicants/me');
    return 'valid';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      clearApplicantToken();
      return 'invalid';
    }
    return 'unknown';
  }
}

/** The header carrying the applicant's token (for api() and site/lib/upload.ts alike). */
export function applicantHeaders(): Record<string, string> {
  const token = getApplicantToken();
  return token ? { 'X-Applicant-Token': token } : {};
}

/** Calls the API as the signed-in applicant. */
export function applicantApi<S extends ZodType>(path: string, init: ApiOptions & Typed<S>): Promise<output<S>>;
export function applicantApi<T = unknown>(path: string, init?: ApiOptions): Promise<T>;
export function applicantApi(path: string, init: ApiOptions & Partial<Typed<ZodType>> = {}) {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(applicantHeaders())) headers.set(name, value);
  return api<unknown>(path, { ...init, headers });
}
