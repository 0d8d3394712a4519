import { queryOptions } from '@tanstack/react-query';
import { listServiceStandards } from '@puja/api-client';
import type { ServiceStandard } from '@puja/domain';
import { errorText, notify } from '@puja/web-kit';

export const SERVICE_STANDARDS_KEY = ['service-standards'] as const;

/** Every step's service standard (issue 30); a failed list says so and shows none. */
export function serviceStandardsQuery() {
  return queryOptions({
    queryKey: SERVICE_STANDARDS_KEY,
    queryFn: async (): Promise<ServiceStandard[]> => {
      try {
        return await listServiceStandards();
      } catch (error) {
        notify.error(errorText(error, 'standards.fetchFailed'));
        return [];
      }
    },
  });
}
