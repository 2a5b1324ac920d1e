import type { ZodType, output } from 'zod';
import { api, notInProduction, schemaFrom, type ApiOptions, type Typed } from './api.ts';
import { endSession } from './sign-out.ts';
import { readJson, storageKeys, writeJson } from './storage.ts';

/**
 * The one session store, for all four account types. Students, partners and job applicants keep a
 * token in local storage under the spec's keys; staff sessions are an HttpOnly cookie the browser
 * sends itself (no script can read it, so a staff session stores nothing). The API renews a token
 * close to expiry in the `X-Renewed-Token` header and api() keeps it wherever the old one was, so an
 * active person stays signed in.
 */
export type AccountType = 'student' | 'partner' | 'applicant' | 'staff';

export interface SessionKeys {
  /** Where the token is written (the first is read first); none for staff. */
  tokens: readonly string[];
  /** Where the cached account record lives, if any. */
  user?: string;
}

type CallOptions = Omit<ApiOptions, 'token' | 'onResponse'>;

const noBodyAnswer = schemaFrom(
  () => (import.meta.env.DEV ? import('#schemas/responses.ts') : notInProduction()),
  'noBody',
);

export function createSession<User = unknown>(type: AccountType, keys: SessionKeys) {
  // Islands render on the server too, where there is no storage (and so no session).
  const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);
  const getToken = () => {
    for (const key of keys.tokens) {
      const value = storage()?.getItem(key);
      if (value) return value;
    }
    return null;
  };
  const setToken = (token: string) => {
    for (const key of keys.tokens) localStorage.setItem(key, token);
  };
  const clear = () => {
    for (const key of keys.tokens) localStorage.removeItem(key);
    if (keys.user) localStorage.removeItem(keys.user);
  };
  /** The headers carrying the credential: applicants send X-Applicant-Token (spec 2), the others a bearer token. */
  const headers = (): Record<string, string> => {
    const token = getToken();
    if (!token) return {};
    return type === 'applicant' ? { 'X-Applicant-Token': token } : { Authorization: `Bearer ${token}` };
  };
  /** `api()` with this session's credential (api() keeps a renewed token); `schema` types the answer. */
  function call<S extends ZodType>(path: string, options: CallOptions & Typed<S>): Promise<output<S>> {
    if (type === 'staff') return api(path, { ...options, credentials: 'same-origin' });
    if (type === 'applicant') {
      const merged = new Headers(options.headers);
      for (const [name, value] of Object.entries(headers())) merged.set(name, value);
      return api(path, { ...options, headers: merged });
    }
    return api(path, { ...options, token: getToken() });
  }
  return {
    type,
    getToken,
    setToken,
    headers,
    call,
    clear,
    getUser: () => (keys.user ? readJson<User>(keys.user) : null),
    /** Replaces the cached account record (e.g. after a profile save). */
    setUser(user: User) {
      if (keys.user) writeJson(keys.user, user);
    },
    save(token: string, user?: User) {
      setToken(token);
      if (keys.user && user !== undefined) writeJson(keys.user, user);
    },
    /**
     * Ends the session on the server (this device, or every device) and clears the browser's copy.
     * A plain sign-out clears it whatever the answer; "every device" that did not reach the server
     * leaves the person signed in and answers false, so the page can say so.
     */
    async signOut({ everywhere = false } = {}) {
      const ended = await endSession(type, getToken(), { everywhere });
      if (everywhere && !ended) return false;
      clear();
      return true;
    },
    /** Downloads a file the API serves with this session's token (e.g. a student's document). */
    async download(path: string) {
      let blob: Promise<Blob> | undefined;
      await api(path, {
        token: getToken(),
        // The body is a file, not JSON: api() reads it as null (the blob is taken from the response).
        schema: noBodyAnswer,
        onResponse: (res) => {
          if (res.ok) blob = res.blob();
        },
      });
      if (!blob) throw new Error('Download failed');
      return blob;
    },
  };
}

export interface StoredStudent {
  id: string;
  fullName: string;
  email: string;
  role: string;
}

/** The student session: token under `userToken` and `token`, the user under `user` (spec 2 section 3). */
export const studentSession = createSession<StoredStudent>('student', {
  tokens: [storageKeys.userToken, storageKeys.token],
  user: storageKeys.user,
});

/** Remembers where to come back to after signing in. */
export function rememberReturnPath(path = location.pathname + location.search) {
  localStorage.setItem(storageKeys.redirectAfterLogin, path);
}

/** The saved return path (only a same-site path), removed once read. */
export function takeReturnPath(fallback: string) {
  const path = localStorage.getItem(storageKeys.redirectAfterLogin);
  localStorage.removeItem(storageKeys.redirectAfterLogin);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : fallback;
}
