import { queryOptions } from '@tanstack/react-query';
import { listClubs } from '@puja/api-client';
import { errorText, notify } from '@puja/web-kit';

export const CLUBS_KEY = ['clubs'] as const;

/**
 * Every club (Manage Clubs). SPEC §7: a failed list shows an empty list with "Could not fetch
 * clubs.".
 */
export function clubsQuery() {
  return queryOptions({
    queryKey: CLUBS_KEY,
    queryFn: () =>
      listClubs({ onError: (error) => notify.error(() => errorText(error, 'clubs.fetchFailed')) }),
  });
}
