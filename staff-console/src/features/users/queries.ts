import { queryOptions } from '@tanstack/react-query';
import { listUsers } from '@puja/api-client';
import type { StaffUser } from '@puja/domain';
import { listOrNone } from '../../lib/list-or-none';

export const USERS_KEY = ['users'] as const;

/** Every staff user (Manage Users); a failed list says so and shows none. */
export function usersQuery() {
  return queryOptions({
    queryKey: USERS_KEY,
    queryFn: (): Promise<StaffUser[]> => listOrNone(listUsers, 'users.fetchFailed'),
  });
}
