import { api } from '../../lib/api.ts';
import { storageKeys } from '../../lib/storage.ts';

/** The job applicant's token (spec 2: kept in local storage, sent in the X-Applicant-Token header). */
export const getApplicantToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKeys.applicantToken));
export const setApplicantToken = (token: string) => localStorage.setItem(storageKeys.applicantToken, token);
export const clearApplicantToken = () => localStorage.removeItem(storageKeys.applicantToken);

/** Calls the API as the signed-in applicant. */
export function applicantApi<T>(path: string, init: Parameters<typeof api>[1] = {}) {
  const token = getApplicantToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('X-Applicant-Token', token);
  return api<T>(path, { ...init, headers });
}
