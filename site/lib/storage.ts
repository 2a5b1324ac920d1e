/**
 * The signed-in session's keys, one export each as well as in `storageKeys`: the header's script is
 * in every page's script (scripts/build/page-scripts.ts) and reads only these five, and the bundler
 * keeps an object literal whole, so importing `storageKeys` there would put every key in it.
 */
export const USER_TOKEN_KEY = 'userToken';
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const PARTNER_TOKEN_KEY = 'partnerToken';
export const PARTNER_KEY = 'partner';

/** Browser-storage keys the specs fix (existing clients rely on them). */
export const storageKeys = {
  userToken: USER_TOKEN_KEY,
  token: TOKEN_KEY,
  user: USER_KEY,
  redirectAfterLogin: 'redirectAfterLogin',
  favorites: 'favorites',
  partnerToken: PARTNER_TOKEN_KEY,
  partner: PARTNER_KEY,
  partnerEmail: 'partnerEmail',
  partnerPhone: 'partnerPhone',
  /** The registration the verification page resends for (an address may have several). */
  partnerRegistration: 'partnerRegistration',
  applicantToken: 'applicantToken',
  registrationSession: 'registrationSession',
  /** A visitor's saved program ids (site/lib/saved-programs.ts), merged into the account at sign-in. */
  savedPrograms: 'savedPrograms',
  /** The time zone a visitor chose for consultation times (site/islands/consultation/slots.tsx). */
  consultationTimeZone: 'consultationTimeZone',
} as const;

/** Per-tab keys of our own (sessionStorage). */
export const sessionKeys = {
  /** The newest D1 session bookmark (site/lib/api.ts). */
  d1Bookmark: 'd1Bookmark',
  /** The address and sentence a sign-in page opens with (site/lib/sign-in-hint.ts). */
  signInHint: 'signInHint',
} as const;

/** Reads and parses a JSON value; an unparsable value is deleted (spec 1 section 4). */
export function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    localStorage.removeItem(key);
    return null;
  }
}

export function writeJson(key: string, value: unknown) {
  localStorage.setItem(key, JSON.stringify(value));
}

/**
 * The API renewed a token near expiry: keep the new one wherever the old one was kept (every key a
 * token is kept under: students use two; staff sessions are an HttpOnly cookie, never stored here).
 * The list is built in the call, not at the top of the module: a top-level read of `storageKeys`
 * would keep the whole object in the header's inline copy of this module.
 */
export function replaceStoredToken(previous: string, renewed: string) {
  if (typeof localStorage === 'undefined') return;
  const tokenKeys = [USER_TOKEN_KEY, TOKEN_KEY, PARTNER_TOKEN_KEY, storageKeys.applicantToken];
  for (const key of tokenKeys) if (localStorage.getItem(key) === previous) localStorage.setItem(key, renewed);
}
