import { queryOptions } from '@tanstack/react-query';
import { listServiceStandards } from '@puja/api-client';
import { listOrNone } from '@puja/web-kit';

export const SERVICE_STANDARDS_KEY = ['service-standards'] as const;

/** Every step's service standard (issue 30); a failed list says so and shows none. */
export function serviceStandardsQuery() {
  return queryOptions({
    queryKey: SERVICE_STANDARDS_KEY,
    queryFn: () => listOrNone(listServiceStandards(), 'standards.fetchFailed'),
  });
}
