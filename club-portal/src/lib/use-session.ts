import { sessionStore, type ClubSession, type Session } from '@puja/api-client';
import { useStore } from 'zustand';

/** The session, live. */
export function useSession(): Session | null {
  return useStore(sessionStore, (state) => state.session);
}

/** The club session of a page behind the club guard (null only if the guard was bypassed). */
export function useClubSession(): ClubSession | null {
  const session = useSession();
  return session?.role === 'club' ? session : null;
}
