import { sessionStore, type Session } from '@puja/api-client';
import { useStore } from 'zustand';

/**
 * The logged-in user, or null; re-renders when it changes.
 * @example const session = useSession(); session?.role === 'club'
 */
export function useSession(): Session | null {
  return useStore(sessionStore, (state) => state.session);
}
