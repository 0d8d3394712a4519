import { queryOptions } from '@tanstack/react-query';
import { listHolidays } from '@puja/api-client';
import { listOrNone } from '@puja/web-kit';

export const HOLIDAYS_KEY = ['holidays'] as const;

/** The municipality's holidays of one year (issue 30); a failed list says so and shows none. */
export function holidaysQuery(year: number) {
  return queryOptions({
    queryKey: [...HOLIDAYS_KEY, year],
    queryFn: () => listOrNone(listHolidays(year), 'holidays.fetchFailed'),
  });
}
