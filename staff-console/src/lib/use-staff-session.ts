import type { StaffSession } from '@puja/api-client';
import { isStaffRole } from '@puja/domain';
import { useSession } from '@puja/web-kit';

/** The logged-in staff user; the staff layout's guard makes sure there is one. */
export function useStaffSession(): StaffSession {
  const session = useSession();
  if (session === null || !isStaffRole(session.role)) {
    throw new Error('useStaffSession: no staff session (the staff guard lets none through)');
  }
  return session as StaffSession;
}
