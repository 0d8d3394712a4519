import { useQuery } from '@tanstack/react-query';
import { referralsQuery } from '../../../../features/departments/queries';
import { useViewedSeason } from '../../../../features/seasons/queries';

/**
 * The referrals of the viewed season (an officer: its department's; staff: all); of every
 * season when the seasons cannot be read.
 */
export function useReferrals() {
  const { year, seasons, seasonsFailed } = useViewedSeason();
  return useQuery({
    ...referralsQuery(year ?? undefined),
    enabled: seasons !== undefined || seasonsFailed,
  });
}

export { useWorkingDay } from '../../../../features/holidays/use-working-day';
