import type { ConsoleSession, StaffSession } from '@puja/api-client';
import { isManagedRole, isStaffRole, type StaffRole } from '@puja/domain';
import { useSession } from '@puja/web-kit';

/** The logged-in staff user; the staff layout's guard makes sure there is one. */
export function useStaffSession(): StaffSession & { role: StaffRole } {
  const session = useSession();
  if (session === null || !isStaffRole(session.role)) {
    throw new Error('useStaffSession: no staff session (the staff guard lets none through)');
  }
  return session as StaffSession & { role: StaffRole };
}

/**
 * The logged-in user of a screen that agency officers open too (issue 29): staff or an officer.
 */
export function useConsoleSession(): ConsoleSession {
  const session = useSession();
  if (session === null || !isManagedRole(session.role)) {
    throw new Error('useConsoleSession: no console session (the staff guard lets none through)');
  }
  return session as ConsoleSession;
}
