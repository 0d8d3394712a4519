import { queryOptions } from '@tanstack/react-query';
import { listUsers } from '@puja/api-client';
import type { StaffUser } from '@puja/domain';
import { errorText, notify } from '@puja/web-kit';

export const USERS_KEY = ['users'] as const;

/** Every staff user (Manage Users); a failed list says so and shows none. */
export function usersQuery() {
  return queryOptions({
    queryKey: USERS_KEY,
    queryFn: async (): Promise<StaffUser[]> => {
      try {
        return await listUsers();
      } catch (error) {
        notify.error(errorText(error, 'users.fetchFailed'));
        return [];
      }
    },
  });
}
