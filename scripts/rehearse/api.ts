// The rehearsal's HTTP client: talks to the local Worker over http://127.0.0.1 while presenting the
// production origin as a browser on the real site would (Origin header), and keeps a staff session.

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, body: string, what: string) {
    super(`${what} answered HTTP ${status}: ${body.slice(0, 300)}`);
    this.status = status;
  }
}

export function apiClient(workerUrl: string, siteOrigin: string) {
  /** One request; `expect` lists the statuses that count as success (default 2xx). */
  async function call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; expect?: number[] } = {}) {
    const res = await fetch(new URL(path, workerUrl), {
      method,
      redirect: 'manual',
      headers: {
        Origin: siteOrigin,
        Accept: 'application/json',
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await res.text();
    const ok = options.expect ? options.expect.includes(res.status) : res.ok;
    if (!ok) throw new ApiError(res.status, text, `${method} ${path}`);
    return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
  }
  return { call, url: workerUrl };
}
export type ApiClient = ReturnType<typeof apiClient>;

export interface StaffCredentials {
  email: string;
  password: string;
}

/**
 * A signed-in staff member: whatever the sign-in handed back (a bearer token in the body, or a
 * session cookie) is replayed on each call, with the site's Origin (the CSRF defence's check).
 */
export interface StaffSession {
  call: ApiClient['call'];
}

/**
 * Signs a staff member in through the back office's API, as the login page does. Admins are getting
 * a second factor (TOTP): that becomes a second request here, with a code computed from the secret
 * the rehearsal enrols, and nothing else in the rehearsal changes.
 */
export async function signInStaff(api: ApiClient, credentials: StaffCredentials): Promise<StaffSession> {
  const res = await api.call('POST', '/api/admin/auth/login', { body: { email: credentials.email, password: credentials.password } });
  const body = res.json<{ token?: string }>();
  const cookies = setCookies(res.headers);
  if (!body.token && !Object.keys(cookies).length) throw new Error(`the staff sign-in returned neither a token nor a session cookie: ${res.text.slice(0, 200)}`);
  const headers = { ...(body.token ? { Authorization: `Bearer ${body.token}` } : {}), ...cookieHeader(cookies) };
  return { call: (method, path, options = {}) => api.call(method, path, { ...options, headers: { ...headers, ...options.headers } }) };
}

function setCookies(headers: Headers): Record<string, string> {
  return Object.fromEntries(headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => c.includes('=')).map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]));
}

function cookieHeader(cookies: Record<string, string>): Record<string, string> {
  const entries = Object.entries(cookies);
  return entries.length ? { Cookie: entries.map(([k, v]) => `${k}=${v}`).join('; ') } : {};
}
