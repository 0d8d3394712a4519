import { queryOptions } from '@tanstack/react-query';
import { listUsers } from '@puja/api-client';
import { listOrNone } from '@puja/web-kit';

export const USERS_KEY = ['users'] as const;

/** Every staff user (Manage Users); a failed list says so and shows none. */
export function usersQuery() {
  return queryOptions({
    queryKey: USERS_KEY,
    queryFn: () => listOrNone(listUsers(), 'users.fetchFailed'),
  });
}
