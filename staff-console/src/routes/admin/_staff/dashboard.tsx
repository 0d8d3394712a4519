import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { DASHBOARD_COUNTERS, formatCount } from '@puja/domain';
import { applicationsQuery, useApplications } from '../../../features/applications/queries';
import { dashboardStatsQuery } from '../../../features/dashboard/queries';
import { SeasonOverview } from '../../../features/dashboard/season-overview';
import { t, useLocale } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/dashboard')({
  // The counters first; the season's figures show their own skeleton until the list arrives.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(applicationsQuery());
    return queryClient.ensureQueryData(dashboardStatsQuery());
  },
  component: DashboardPage,
});

/**
 * SPEC §2 dashboard: the four counters from /dashboard.php (pending from domain, never below
 * 0), each opening the list tab of the same meaning. Below them, the season at a glance (issue
 * 13): steps, wards and days, each opening the list it counts.
 */
function DashboardPage() {
  const locale = useLocale();
  const { data: stats } = useQuery(dashboardStatsQuery());
  const { applications, error, refetch } = useApplications();

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
              search={counter.tab === 'all' ? {} : { tab: counter.tab }}
              style={{ textDecoration: 'none', color: 'inherit' }}
            >
              <Card withBorder padding="lg" shadow="xs">
                <Text c="dimmed" size="sm">
                  {t(counter.label)}
                </Text>
                {stats === undefined ? (
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
      <SeasonOverview applications={applications} error={error} onRetry={refetch} />
    </Stack>
  );
}
