import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { getDashboardStats } from '@puja/api-client';
import { DASHBOARD_COUNTERS, formatCount, type DashboardStats, type ListTab } from '@puja/domain';
import { SeasonOverview } from '../../../features/dashboard/season-overview';
import { t, useLocale } from '../../../lib/t';

const EMPTY: DashboardStats = { total: 0, approved: 0, rejected: 0, pending: 0 };

/** Each counter opens the list tab of the same meaning (the dashboard drill-down). */
const TAB_OF_COUNTER: Readonly<Record<keyof DashboardStats, ListTab>> = {
  total: 'all',
  approved: 'approved',
  pending: 'pending',
  rejected: 'rejected',
};

/**
 * SPEC §2 dashboard: the four counters from /dashboard.php (pending from domain, never below
 * 0). SPEC §7: a failed fetch is only logged, and the counters stay at 0. Below them, the
 * season at a glance (issue 13): steps, wards and days, each opening the list it counts.
 */
export function DashboardPage() {
  const locale = useLocale();
  const [stats, setStats] = useState<DashboardStats | null>(null);

  useEffect(() => {
    let live = true;
    getDashboardStats()
      .then((answer) => live && setStats(answer))
      .catch((error: unknown) => {
        console.error(t('dashboard.fetchFailed'), error);
        if (live) setStats(EMPTY);
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} mb="lg">
          {t('nav.dashboard')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {DASHBOARD_COUNTERS.map((counter) => (
            <Link
              key={counter.key}
              to="/admin/noc-applications"
              search={
                TAB_OF_COUNTER[counter.key] === 'all' ? {} : { tab: TAB_OF_COUNTER[counter.key] }
              }
              style={{ textDecoration: 'none', color: 'inherit' }}
            >
              <Card withBorder padding="lg" shadow="xs">
                <Text c="dimmed" size="sm">
                  {t(counter.label)}
                </Text>
                {stats === null ? (
                  <Skeleton h={36} mt={4} w={60} />
                ) : (
                  <Text fz={32} fw={700} data-testid={`counter-${counter.key}`}>
                    {formatCount(stats[counter.key], locale)}
                  </Text>
                )}
              </Card>
            </Link>
          ))}
        </SimpleGrid>
      </div>
      <SeasonOverview />
    </Stack>
  );
}
