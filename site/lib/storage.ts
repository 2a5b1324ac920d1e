/** Browser-storage keys the specs fix (existing clients rely on them). */
export const storageKeys = {
  userToken: 'userToken',
  token: 'token',
  user: 'user',
  redirectAfterLogin: 'redirectAfterLogin',
  favorites: 'favorites',
  partnerToken: 'partnerToken',
  partner: 'partner',
  partnerEmail: 'partnerEmail',
  partnerPhone: 'partnerPhone',
  applicantToken: 'applicantToken',
  registrationSession: 'registrationSession',
  /** A visitor's saved program ids (site/lib/saved-programs.ts), merged into the account at sign-in. */
  savedPrograms: 'savedPrograms',
} as const;

/** Per-tab keys of our own (sessionStorage). */
export const sessionKeys = {
  /** The newest D1 session bookmark (site/lib/api.ts). */
  d1Bookmark: 'd1Bookmark',
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

/** Every key a token is kept under (students use two; staff sessions are an HttpOnly cookie, never stored here). */
const tokenKeys = [
  storageKeys.userToken,
  storageKeys.token,
  storageKeys.partnerToken,
  storageKeys.applicantToken,
];

/** The API renewed a token near expiry: keep the new one wherever the old one was kept. */
export function replaceStoredToken(previous: string, renewed: string) {
  if (typeof localStorage === 'undefined') return;
  for (const key of tokenKeys) if (localStorage.getItem(key) === previous) localStorage.setItem(key, renewed);
}
