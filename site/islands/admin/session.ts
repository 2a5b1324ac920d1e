import { api, ApiError, type ApiOptions } from '../../lib/api.ts';
import { upload, type UploadOptions } from '../../lib/upload.ts';
import { storageKeys } from '../../lib/storage.ts';

/** The staff token lives under its own key: never the public sites' keys (student, partner, applicant). */
export const STAFF_TOKEN_KEY = storageKeys.staffToken;

export const getToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(STAFF_TOKEN_KEY));
export const setToken = (token: string) => localStorage.setItem(STAFF_TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(STAFF_TOKEN_KEY);

export function goToLogin(reason?: string) {
  const next = `${location.pathname}${location.search}`;
  const params = new URLSearchParams({ next });
  if (reason) params.set('reason', reason);
  location.assign(`/admin/login?${params}`);
}

/** api() with the staff token; an ended session sends the person to the login page. */
export async function adminApi<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const token = getToken();
  if (!token) {
    goToLogin();
    return new Promise<T>(() => {});
  }
  try {
    return await api<T>(`/api/admin${path}`, { ...options, token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearToken();
      goToLogin('expired');
      return new Promise<T>(() => {});
    }
    throw error;
  }
}

/**
 * adminApi() for a file upload, with progress (site/lib/upload.ts): the same token and the same
 * ended-session handling. Keep the two in step when the staff session changes.
 */
export async function adminUpload<T>(path: string, options: Omit<UploadOptions, 'token'>): Promise<T> {
  const token = getToken();
  if (!token) {
    goToLogin();
    return new Promise<T>(() => {});
  }
  try {
    return await upload<T>(`/api/admin${path}`, { ...options, token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearToken();
      goToLogin('expired');
      return new Promise<T>(() => {});
    }
    throw error;
  }
}

/** Downloads a CSV export (the token travels in a header, so a plain link cannot do it). */
export async function downloadCsv(path: string) {
  // api() reads JSON only; a file download needs the raw body.

  const token = getToken();
  const res = await fetch(`/api/admin${path}`, { headers: { Authorization: `Bearer ${token ?? ''}` } });
  if (!res.ok) throw new Error('The download failed. Please try again.');
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface StaffProfile {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'editor';
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

export const formatDate = (value: string | number | Date | null | undefined) =>
  value ? new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';
