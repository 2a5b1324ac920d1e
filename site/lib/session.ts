import type { ZodType, output } from 'zod';
import { api, type ApiOptions, type Typed } from './api.ts';
import { readJson, storageKeys, writeJson } from './storage.ts';

/**
 * A signed-in session kept in local storage under the spec's keys. The API renews a token close to
 * expiry in the `X-Renewed-Token` header and api() stores it, so an active person stays signed in. One session per account type (student, partner, applicant), each with its keys.
 */
export interface SessionKeys {
  /** Where the token is written (the first is read first). */
  tokens: readonly string[];
  /** Where the cached account record lives, if any. */
  user?: string;
}

type CallOptions = Omit<ApiOptions, 'token' | 'onResponse'>;

export function createSession<User = unknown>(keys: SessionKeys) {
  const getToken = () => {
    for (const key of keys.tokens) {
      const value = localStorage.getItem(key);
      if (value) return value;
    }
    return null;
  };
  const setToken = (token: string) => {
    for (const key of keys.tokens) localStorage.setItem(key, token);
  };
  /** `api()` with this session's bearer token (api() keeps a renewed token); `schema` types the answer. */
  function call<S extends ZodType>(path: string, options: CallOptions & Typed<S>): Promise<output<S>>;
  function call<T = unknown>(path: string, options?: CallOptions): Promise<T>;
  function call(path: string, options: CallOptions & Partial<Typed<ZodType>> = {}) {
    return api<unknown>(path, { ...options, token: getToken() });
  }
  return {
    getToken,
    setToken,
    getUser: () => (keys.user ? readJson<User>(keys.user) : null),
    save(token: string, user?: User) {
      setToken(token);
      if (keys.user && user !== undefined) writeJson(keys.user, user);
    },
    clear() {
      for (const key of keys.tokens) localStorage.removeItem(key);
      if (keys.user) localStorage.removeItem(keys.user);
    },
    /** Downloads a file the API serves with this session's token (e.g. a student's document). */
    async download(path: string) {
      let blob: Promise<Blob> | undefined;
      await api<unknown>(path, {
        token: getToken(),
        onResponse: (res) => {
          if (res.ok) blob = res.blob();
        },
      });
      if (!blob) throw new Error('Download failed');
      return blob;
    },
    call,

  };
}

export interface StoredStudent {
  id: string;
  fullName: string;
  email: string;
  role: string;
}

/** The student session: token under `userToken` and `token`, the user under `user` (spec 2 section 3). */
export const studentSession = createSession<StoredStudent>({ tokens: [storageKeys.userToken, storageKeys.token], user: storageKeys.user });

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
