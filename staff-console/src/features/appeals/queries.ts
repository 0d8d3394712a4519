import { queryOptions } from '@tanstack/react-query';
import { listAppeals, type ListedAppeal } from '@puja/api-client';

export const APPEALS_KEY = ['appeals'] as const;

/** The appeals of a season (issue 30), or of the current one; a failure is the screen's to show. */
export function appealsQuery(year: number | undefined) {
  return queryOptions({
    queryKey: [...APPEALS_KEY, { season: year ?? 'current' }],
    queryFn: (): Promise<ListedAppeal[]> => listAppeals(year),
  });
}
