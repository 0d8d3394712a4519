import { queryOptions } from '@tanstack/react-query';
import { listHolidays } from '@puja/api-client';
import type { Holiday } from '@puja/domain';
import { errorText, notify } from '@puja/web-kit';

export const HOLIDAYS_KEY = ['holidays'] as const;

/** The municipality's holidays of one year (issue 30); a failed list says so and shows none. */
export function holidaysQuery(year: number) {
  return queryOptions({
    queryKey: [...HOLIDAYS_KEY, year],
    queryFn: async (): Promise<Holiday[]> => {
      try {
        return await listHolidays(year);
      } catch (error) {
        notify.error(errorText(error, 'holidays.fetchFailed'));
        return [];
      }
    },
  });
}
