import { matchesSearch } from './text-search';

/** A staff user as Manage Users lists it (SPEC §3). */
export interface StaffUser {
  id: number;
  name: string;
  email: string;
}

/**
 * SPEC §2 Manage Users: search by name or email.
 * @example searchUsers(users, 'rina@') // users whose name or email contains 'rina@'
 */
export function searchUsers<T extends StaffUser>(users: readonly T[], query: string): T[] {
  return users.filter((user) => matchesSearch(query, user.name, user.email));
}
