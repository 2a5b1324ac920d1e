import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readSession } from './session-view.ts';
import { storageKeys } from './storage.ts';

/** A Map-backed Storage: the functions read `localStorage` from the global scope. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const student = { id: 's1', fullName: 'Ada Lovelace', email: 'ada@example.com' };
const partner = { companyName: 'Acme Care', ownerEmail: 'owner@acme.example' };

describe('readSession (spec 1 sections 2.2 and 4)', () => {
  it('is null with nothing stored', () => {
    expect(readSession()).toBeNull();
  });

  it('shows a student with a token as a Student Account', () => {
    storage.setItem(storageKeys.user, JSON.stringify(student));
    storage.setItem(storageKeys.userToken, 't');
    expect(readSession()).toMatchObject({
      kind: 'student',
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      label: 'Student Account',
      profileLabel: 'Student Profile',
    });
  });

  it('accepts the older `token` key for a student', () => {
    storage.setItem(storageKeys.user, JSON.stringify({ ...student, fullName: undefined, name: 'Ada' }));
    storage.setItem(storageKeys.token, 't');
    expect(readSession()?.displayName).toBe('Ada');
  });

  it('ignores a record without its token', () => {
    storage.setItem(storageKeys.user, JSON.stringify(student));
    storage.setItem(storageKeys.partner, JSON.stringify(partner));
    expect(readSession()).toBeNull();
  });

  it('prefers the student when both are signed in', () => {
    storage.setItem(storageKeys.user, JSON.stringify(student));
    storage.setItem(storageKeys.userToken, 't');
    storage.setItem(storageKeys.partner, JSON.stringify(partner));
    storage.setItem(storageKeys.partnerToken, 'p');
    expect(readSession()?.kind).toBe('student');
  });

  it('shows a partner by company name and owner e-mail', () => {
    storage.setItem(storageKeys.partner, JSON.stringify(partner));
    storage.setItem(storageKeys.partnerToken, 'p');
    expect(readSession()).toMatchObject({
      kind: 'partner',
      displayName: 'Acme Care',
      email: 'owner@acme.example',
      label: 'Partner Account',
      profileLabel: 'Partner Dashboard',
    });
  });

  it('deletes an unparsable record and treats it as signed out', () => {
    storage.setItem(storageKeys.user, '{not json');
    storage.setItem(storageKeys.userToken, 't');
    expect(readSession()).toBeNull();
    expect(storage.getItem(storageKeys.user)).toBeNull();
  });

  it('warns (but still shows the person) when the stored student lacks its id', () => {
    storage.setItem(storageKeys.user, JSON.stringify({ fullName: 'Ada', email: 'a@b.example' }));
    storage.setItem(storageKeys.userToken, 't');
    expect(readSession()?.displayName).toBe('Ada');
    expect(console.warn).toHaveBeenCalledOnce();
  });
});

describe('clearSession', () => {
  it('removes every session key and nothing else', () => {
    for (const key of Object.values(storageKeys)) storage.setItem(key, 'x');
    clearSession();
    for (const key of ['userToken', 'token', 'user', 'partnerToken', 'partner'])
      expect(storage.getItem(key)).toBeNull();
    expect(storage.getItem(storageKeys.favorites)).toBe('x');
  });
});
