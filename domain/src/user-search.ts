import type { ManagedRole } from './permissions';
import { matchesSearch } from './text-search';

/** A staff user as Manage Users lists it (SPEC §3). */
export interface StaffUser {
  id: number;
  name: string;
  email: string;
  phone: string;
  /** A municipal staff role, or `agency` (issue 29: an officer of another department). */
  role: ManagedRole;
  /** An agency officer's agency (issue 29); absent for municipal staff. */
  agency_id?: number | null;
  /** The department: always the role's name (SPEC §3). */
  deptment: string;
}

/**
 * SPEC §2 Manage Users: search by name or email.
 * @example searchUsers(users, 'rina@') // users whose name or email contains 'rina@'
 */
export function searchUsers<T extends Pick<StaffUser, 'name' | 'email'>>(
  users: readonly T[],
  query: string,
): T[] {
  return users.filter((user) => matchesSearch(query, user.name, user.email));
}
