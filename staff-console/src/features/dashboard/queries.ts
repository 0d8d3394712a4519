import { queryOptions } from '@tanstack/react-query';
import { getDashboardStats } from '@puja/api-client';
import type { DashboardStats } from '@puja/domain';
import { t } from '@puja/web-kit';

export const DASHBOARD_KEY = ['dashboard-stats'] as const;

const EMPTY: DashboardStats = { total: 0, approved: 0, rejected: 0, pending: 0 };

/**
 * The dashboard's four counters (/dashboard.php) of a season (the current one without a year). SPEC §7: a failed fetch is only logged, and
 * the counters stay at 0.
 */
export function dashboardStatsQuery(season?: number) {
  return queryOptions({
    queryKey: [...DASHBOARD_KEY, { season: season ?? 'current' }] as const,
    queryFn: async (): Promise<DashboardStats> => {
      try {
        return await getDashboardStats({ year: season });
      } catch (error) {
        console.error(t('dashboard.fetchFailed'), error);
        return EMPTY;
      }
    },
  });
}
