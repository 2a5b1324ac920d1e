import { currentTotp } from '#functions/services/accounts/staff-mfa.ts';

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
  async function call(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; expect?: number[] } = {},
  ) {
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
  /** The authenticator secret, once the admin has set up two-step sign-in (filled in by signInStaff). */
  totpSecret?: string;
  /** The last 30-second step whose code was used (each code is accepted once). */
  lastStep?: number;
}

/** A code for a step not used before (this step or the next: the server accepts one step of drift). */
function nextCode(credentials: StaffCredentials) {
  const step = Math.max(Math.floor(Date.now() / 30_000), (credentials.lastStep ?? -1) + 1);
  credentials.lastStep = step;
  return currentTotp(credentials.totpSecret!, step * 30_000 + 1_000);
}

/**
 * A signed-in staff member: whatever the sign-in handed back (a bearer token in the body, or the
 * HttpOnly session cookie) is replayed on each call, with the site's Origin (the CSRF check).
 */
export interface StaffSession {
  call: ApiClient['call'];
}

/**
 * Signs a staff member in through the back office's API, as the login page does. Sign-in gains a
 * second step for admins (TOTP): the login then answers `step: 'enrol'` or `'mfa'`, and
 * that step is answered here (a code computed from the enrolled secret, posted with the cookies the
 * login set); nothing else in the rehearsal changes. An admin's first sign-in (before an
 * authenticator is linked) asks for a code e-mailed to the staff address first: `emailedCode` reads
 * it from wherever the mail went, and it is sent from the same cookie jar, as the same browser.
 */
export async function signInStaff(
  api: ApiClient,
  credentials: StaffCredentials,
  { emailedCode }: { emailedCode?: () => Promise<string> } = {},
): Promise<StaffSession> {
  const cookies: Record<string, string> = {};
  const remember = (headers: Headers) => Object.assign(cookies, setCookies(headers));
  const login = async (code?: string) => {
    const answer = await api.call('POST', '/api/admin/auth/login', {
      body: { email: credentials.email, password: credentials.password, ...(code ? { code } : {}) },
      headers: cookieHeader(cookies),
      expect: [200, 401],
    });
    remember(answer.headers);
    return answer;
  };
  let res = await login();
  if (res.status === 401) {
    if (!res.json<{ codeRequired?: boolean }>().codeRequired || !emailedCode)
      throw new ApiError(res.status, res.text, 'POST /api/admin/auth/login');
    res = await login(await emailedCode());
    if (res.status !== 200)
      throw new ApiError(res.status, res.text, 'POST /api/admin/auth/login with the e-mailed code');
  }
  const body = res.json<{ token?: string; step?: string }>();
  if (body.step === 'enrol') {
    // First sign-in of an admin: set up the authenticator (as the page does), then the first code.
    const setup = await api.call('POST', '/api/admin/auth/mfa/setup', {
      body: {},
      headers: cookieHeader(cookies),
    });
    remember(setup.headers);
    credentials.totpSecret = setup.json<{ secret: string }>().secret;
    const enabled = await api.call('POST', '/api/admin/auth/mfa/enable', {
      body: { code: nextCode(credentials) },
      headers: cookieHeader(cookies),
    });
    remember(enabled.headers);
  } else if (body.step === 'mfa') {
    if (!credentials.totpSecret)
      throw new Error(
        "the staff sign-in asks for a code, but this admin's authenticator secret is unknown here",
      );
    const second = await api.call('POST', '/api/admin/auth/mfa', {
      body: { code: nextCode(credentials) },
      headers: cookieHeader(cookies),
    });
    remember(second.headers);
  }
  if (!body.token && !Object.keys(cookies).length)
    throw new Error(
      `the staff sign-in returned neither a token nor a session cookie: ${res.text.slice(0, 200)}`,
    );
  const auth: Record<string, string> = body.token ? { Authorization: `Bearer ${body.token}` } : {};
  return {
    call: async (method, path, options = {}) => {
      const answer = await api.call(method, path, {
        ...options,
        headers: { ...auth, ...cookieHeader(cookies), ...options.headers },
      });
      remember(answer.headers); // a session renewed in place
      return answer;
    },
  };
}

function setCookies(headers: Headers): Record<string, string> {
  return Object.fromEntries(
    headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => c.includes('='))
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
  );
}

function cookieHeader(cookies: Record<string, string>): Record<string, string> {
  const entries = Object.entries(cookies).filter(([, v]) => v);
  return entries.length ? { Cookie: entries.map(([k, v]) => `${k}=${v}`).join('; ') } : {};
}
