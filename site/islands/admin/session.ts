import type { ZodType, output } from 'zod';
import { ApiError, type ApiOptions, type Typed } from '#site/lib/api.ts';
import { upload, type UploadOptions } from '#site/lib/upload.ts';
import { queryClient } from '#site/lib/query-client.ts';
import { createSession } from '#site/lib/session.ts';
import { attachmentName, saveFile } from '#site/lib/save-file.ts';

/**
 * The staff session lives in an HttpOnly cookie the browser sends with every same-origin request:
 * no script on these pages can read it, so the session stores and handles no token.
 */
const staffSession = createSession('staff', { tokens: [] });

// Before the cookie, a staff token was kept in local storage under this key: remove any left behind.
const LEGACY_TOKEN_KEY = 'staffToken';
export function forgetLegacyToken() {
  try {
    localStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}

/** Where the back office sends someone without a session (with where to come back to). */
export function goToLogin(reason?: string) {
  const next = `${location.pathname}${location.search}`;
  const params = new URLSearchParams({ next });
  if (reason) params.set('reason', reason);
  location.assign(`/admin/login?${params}`);
}

/** Ends the session on the server (only it can remove an HttpOnly cookie), then shows the sign-in page. */
export async function signOut({ everywhere = false } = {}) {
  // "Sign out of all devices" that did not reach the server leaves the person signed in, and says so.
  if (!(await staffSession.signOut({ everywhere }))) return false;
  queryClient.clear();
  location.assign('/admin/login');
  return true;
}

type AdminOptions = Omit<ApiOptions, 'token' | 'onResponse'>;

/** api() for /api/admin with the session cookie; an ended session sends the person to the sign-in page. */
export async function adminApi<S extends ZodType>(
  path: string,
  options: AdminOptions & Typed<S>,
): Promise<output<S>> {
  try {
    return await staffSession.call(`/api/admin${path}`, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      goToLogin('expired');
      return new Promise<never>(() => {});
    }
    throw error;
  }
}

/**
 * adminApi() for a file upload, with progress (site/lib/upload.ts): the same session cookie (a
 * same-origin XMLHttpRequest sends it, with the Origin the CSRF check wants) and the same
 * ended-session handling. Keep the two in step when the staff session changes.
 */
export async function adminUpload<S extends ZodType>(
  path: string,
  options: Omit<UploadOptions, 'token'> & Typed<S>,
): Promise<output<S>> {
  try {
    return await upload(`/api/admin${path}`, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      goToLogin('expired');
      return new Promise<never>(() => {});
    }
    throw error;
  }
}

/** Downloads a CSV export (api() reads JSON only; a file download needs the raw body). */
export async function downloadCsv(path: string) {
  const res = await fetch(`/api/admin${path}`, { credentials: 'same-origin' });
  if (res.status === 401) return goToLogin('expired');
  if (!res.ok) throw new Error('The download failed. Please try again.');
  saveFile(await res.blob(), attachmentName(res, 'export.csv'));
}

export type { StaffProfile } from '#schemas/admin/index.ts';

export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

export const formatDate = (value: string | number | Date | null | undefined) =>
  value ? new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';
