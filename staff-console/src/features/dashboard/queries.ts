import { queryOptions } from '@tanstack/react-query';
import { getDashboardStats } from '@puja/api-client';
import type { DashboardStats } from '@puja/domain';
import { t } from '@puja/web-kit';

const EMPTY: DashboardStats = { total: 0, approved: 0, rejected: 0, pending: 0 };

/**
 * The dashboard's four counters (/dashboard.php). SPEC §7: a failed fetch is only logged, and
 * the counters stay at 0.
 */
export function dashboardStatsQuery() {
  return queryOptions({
    queryKey: ['dashboard-stats'] as const,
    queryFn: async (): Promise<DashboardStats> => {
      try {
        return await getDashboardStats();
      } catch (error) {
        console.error(t('dashboard.fetchFailed'), error);
        return EMPTY;
      }
    },
  });
}
