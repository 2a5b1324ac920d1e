import { ApiError, notInProduction, schemaFrom } from './api.ts';
import { studentSession } from './session.ts';
import { readJson, storageKeys, writeJson } from './storage.ts';
import { SAVED_PROGRAMS_MAX } from '#schemas/finder-limits.ts';
import type { SavedProgramsResponse } from '#schemas/saved-programs.ts';

// The finder's pages ship no zod: the response schemas load only where they are checked (development).
const contract = () => (import.meta.env.DEV ? import('#schemas/saved-programs.ts') : notInProduction());
export const savedListSchema = schemaFrom(contract, 'savedProgramsResponse');
const saveSchema = schemaFrom(contract, 'saveResponse');

/**
 * Saved programs in the browser: one store for every save control on a page.
 * A visitor's list lives in local storage; a signed-in student's on the server, and the visitor's
 * list is merged into it the first time the store starts signed in (sign-in), then cleared.
 */

/** Local storage key of a visitor's saved program ids, oldest first. */
const VISITOR_KEY = storageKeys.savedPrograms;
const FULL = `You can save up to ${SAVED_PROGRAMS_MAX} programs. Remove one to save another.`;

/** `student`: the list is on the server; `visitor`: in this browser only. */
type State = { ids: readonly string[]; ready: boolean; error: string; student: boolean };
let state: State = { ids: [], ready: false, error: '', student: false };
const listeners = new Set<() => void>();
let started: Promise<void> | undefined;

const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};
const visitorIds = () =>
  (readJson<unknown>(VISITOR_KEY) as string[] | null)?.filter((id) => typeof id === 'string') ?? [];
const signedIn = () => !!studentSession.getToken();
const fromServer = (r: SavedProgramsResponse) => r.items.map((i) => i.subjectId).reverse();

async function start() {
  if (!signedIn()) {
    set({ ids: visitorIds(), ready: true });
    // Another tab saved or removed one.
    addEventListener('storage', (e) => {
      if (e.key === VISITOR_KEY && !signedIn()) set({ ids: visitorIds() });
    });
    return;
  }
  try {
    const local = visitorIds();
    const list = local.length
      ? await studentSession.call('/api/users/saved-programs/merge', {
          method: 'POST',
          body: { subjectIds: local.slice(-SAVED_PROGRAMS_MAX) },
          schema: savedListSchema,
        })
      : await studentSession.call('/api/users/saved-programs', { schema: savedListSchema });
    if (local.length) localStorage.removeItem(VISITOR_KEY);
    set({ ids: fromServer(list), ready: true, student: true });
  } catch (e) {
    // The server can't be asked (offline, or a session it no longer accepts): the browser's list stands in.
    set({
      ids: visitorIds(),
      ready: true,
      error: e instanceof ApiError && e.status === 401 ? '' : 'Could not load your saved programs.',
    });
  }
}

/** Loads the list now (merging the browser's into the account's when signed in): the sign-in page calls it. */
export const syncSavedPrograms = () => (started ??= start());

export const savedPrograms = {
  // An arrow function: React calls it detached from the object (useSyncExternalStore).
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    started ??= start();
    return () => listeners.delete(listener);
  },
  getSnapshot: () => state,
  /** Before hydration (and on the build): nothing saved, not ready. */
  getServerSnapshot: () => serverState,
  /** Saves or removes one program; the change shows at once and is undone if the server refuses it. */
  async toggle(id: string) {
    const before = state.ids;
    const saving = !before.includes(id);
    if (saving && before.length >= SAVED_PROGRAMS_MAX) return set({ error: FULL });
    const ids = saving ? [...before, id] : before.filter((x) => x !== id);
    set({ ids, error: '' });
    if (!signedIn()) return writeJson(VISITOR_KEY, ids);
    try {
      await studentSession.call(`/api/users/saved-programs/${encodeURIComponent(id)}`, {
        method: saving ? 'PUT' : 'DELETE',
        schema: saveSchema,
      });
    } catch (e) {
      set({
        ids: before,
        error: e instanceof ApiError ? e.message : 'Could not reach the server. Please try again.',
      });
    }
  },
};
const serverState: State = { ids: [], ready: false, error: '', student: false };
