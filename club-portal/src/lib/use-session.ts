import type { ClubSession } from '@puja/api-client';
import { useSession } from '@puja/web-kit';

/** The club session of a page behind the club guard (null only if the guard was bypassed). */
export function useClubSession(): ClubSession | null {
  const session = useSession();
  return session?.role === 'club' ? session : null;
}
