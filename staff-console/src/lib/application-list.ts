/**
 * The one copy of the application list every staff screen shares (list, detail, review panels,
 * Issued NOCs): fetched once, revalidated when a screen that shows it opens, after each decision
 * and when the window regains focus; what is held shows at once meanwhile, and an unchanged list
 * costs a 304 (the server's ETag). Decisions patch it at once and roll back
 * when the server refuses (features/reviews).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { listApplicationsIfChanged } from '@puja/api-client';
import type { Application } from '@puja/domain';

export interface ApplicationListState {
  /** Null until the first answer. */
  applications: Application[] | null;
  /** The last refresh's failure, cleared by the next success. */
  error: unknown;
}

let state: ApplicationListState = { applications: null, error: null };
let etag: string | null = null;
let inflight: Promise<void> | null = null;
/** Bumped by reset(): an answer to a request sent before it is dropped. */
let generation = 0;
const listeners = new Set<() => void>();

function setState(next: ApplicationListState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fetches the list if it changed; concurrent calls share one request. */
export function refreshApplications(): Promise<void> {
  if (inflight) return inflight;
  const sentIn = generation;
  inflight = listApplicationsIfChanged({ etag })
    .then((answer) => {
      if (sentIn !== generation) return;
      if (answer.changed) {
        etag = answer.etag;
        setState({ applications: answer.applications, error: null });
      } else if (state.error !== null) {
        setState({ ...state, error: null });
      }
    })
    .catch((error: unknown) => {
      if (sentIn === generation) setState({ ...state, error });
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Puts one application in place of the one with its id (an optimistic change or its undo). */
export function replaceApplication(app: Application): void {
  if (state.applications === null) return;
  setState({
    ...state,
    applications: state.applications.map((old) => (old.id === app.id ? app : old)),
  });
  // The list changed locally: the next refresh must fetch it whole, not accept a 304.
  etag = null;
}

/** Forgets the list (logout): the next user starts from the server. */
export function resetApplications(): void {
  generation += 1;
  etag = null;
  inflight = null;
  setState({ applications: null, error: null });
}

/** The current list (tests and the next-application choice read it outside React). */
export function currentApplications(): Application[] | null {
  return state.applications;
}

/**
 * The shared list: what is held shows at once, and opening the screen revalidates it (a club may
 * have re-uploaded since), as does the window regaining focus.
 */
export function useApplicationList(): ApplicationListState {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    void refreshApplications();
    const onFocus = () => void refreshApplications();
    const onVisible = () => {
      if (document.visibilityState === 'visible') onFocus();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return snapshot;
}
