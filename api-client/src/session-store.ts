/**
 * The session both apps share (SPEC §3 "User session"): kept in localStorage under the key
 * `user` as the plain user object, so a session written by the earlier PHP-era frontend reads
 * back too. A corrupt stored value is removed. Works without localStorage (Node, private mode).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { readStoredSession, type Session } from './schemas';
import { attempt, browserStorage, type SessionStorage } from './web-storage';

/** The localStorage key of the session (SPEC §3). */
export const SESSION_STORAGE_KEY = 'user';

export interface SessionState {
  session: Session | null;
  /** Keeps a freshly logged-in session. */
  setSession: (session: Session) => void;
  /** Forgets the session (logout, expired token). */
  clearSession: () => void;
}

/**
 * A session store persisted in `storage` (none: memory only).
 * @example createSessionStore(window.localStorage).getState().session
 */
export function createSessionStore(storage: SessionStorage | null): StoreApi<SessionState> {
  const store = createStore<SessionState>()((set) => ({
    session: loadSession(storage),
    setSession: (session) => set({ session }),
    clearSession: () => set({ session: null }),
  }));
  store.subscribe((state, previous) => {
    if (state.session !== previous.session) saveSession(storage, state.session);
  });
  return store;
}

function loadSession(storage: SessionStorage | null): Session | null {
  const stored = attempt(() => storage?.getItem(SESSION_STORAGE_KEY) ?? null);
  if (stored === null || stored === undefined) return null;
  const session = readStoredSession(attempt(() => JSON.parse(stored) as unknown));
  if (session === null) attempt(() => storage?.removeItem(SESSION_STORAGE_KEY));
  return session;
}

function saveSession(storage: SessionStorage | null, session: Session | null): void {
  attempt(() =>
    session === null
      ? storage?.removeItem(SESSION_STORAGE_KEY)
      : storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session)),
  );
}

/**
 * The shared session store; in React: `useStore(sessionStore, (s) => s.session)` from zustand.
 */
export const sessionStore = createSessionStore(browserStorage());

/** The current session, or null. */
export function currentSession(): Session | null {
  return sessionStore.getState().session;
}
