import { Anchor, Box, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import {
  DASHBOARD_COUNTERS,
  counterHint,
  formatCount,
  previousSeason,
  seasonYearOfList,
} from '@puja/domain';
import { SeasonHeader } from '../../../features/seasons/season-select';
import { applicationsQuery, useApplications } from '../../../features/applications/queries';
import { dashboardStatsQuery } from '../../../features/dashboard/queries';
import { SeasonComparison } from '../../../features/dashboard/season-comparison';
import { DepartmentCounts } from '../../../features/departments/department-counts';
import { useWorkingDay } from '../../../features/holidays/use-working-day';
import { SeasonOverview } from '../../../features/dashboard/season-overview';
import { RtpsReportCard } from '../../../features/dashboard/rtps-report';
import { useViewedSeason } from '../../../features/seasons/queries';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/dashboard')({
  // The counters first; the season's figures show their own skeleton until the list arrives.
  loaderDeps: ({ search }) => ({ season: search.season }),
  loader: ({ context: { queryClient }, deps: { season } }) => {
    void queryClient.prefetchQuery(applicationsQuery(season));
    return queryClient.ensureQueryData(dashboardStatsQuery(season));
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
  usePageTitle(t('nav.dashboard'));
  const { param: season, year, seasons } = useViewedSeason();
  const { data: stats } = useQuery(dashboardStatsQuery(season));
  const { applications, error, refetch } = useApplications(season);
  const before = year !== null && seasons !== undefined ? previousSeason(seasons, year) : null;
  // The season before, for the comparison: asked for only when there is one.
  const previous = useApplications(before?.year, { enabled: before !== null }).applications;
  const { today, calendar } = useWorkingDay(
    (applications ?? []).some((app) => (app.referrals ?? []).length > 0 || app.steps !== undefined),
  );

  return (
    <Stack gap="xl">
      <div>
        <Box mb="lg">
          <SeasonHeader title={t('nav.dashboard')} />
        </Box>
        {/* Two by two up to 1200 px: four cards beside the side panel left their labels and
            hints a few words wide at 1024 px (issue 27). */}
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          {DASHBOARD_COUNTERS.map((counter) => {
            const hint = stats === undefined ? null : counterHint(counter.key, stats);
            return (
              <Link
                key={counter.key}
                to="/admin/noc-applications"
                search={counter.tab === 'all' ? {} : { tab: counter.tab }}
                style={{ textDecoration: 'none', color: 'inherit' }}
              >
                <Card withBorder padding="lg" shadow="xs" h="100%">
                  <Text c="dimmed" size="sm" fw={600}>
                    {t(counter.label)}
                  </Text>
                  {stats === undefined ? (
                    <Skeleton h={36} mt={4} w={60} />
                  ) : (
                    <Text fz={32} fw={700} data-testid={`counter-${counter.key}`}>
                      {formatCount(stats[counter.key], locale)}
                    </Text>
                  )}
                  {hint && (
                    // What the counter counts, in the list tabs' terms (decision 0001).
                    <Text size="xs" c="dimmed" data-testid={`counter-${counter.key}-hint`}>
                      {t(hint.key, hint.params)}
                    </Text>
                  )}
                </Card>
              </Link>
            );
          })}
        </SimpleGrid>
        {stats?.awaiting ? (
          <Text size="sm" mt="sm">
            <Anchor
              renderRoot={(root) => (
                <Link
                  {...root}
                  to="/admin/noc-applications"
                  search={{ tab: 'awaitingAcknowledgement' }}
                />
              )}
            >
              {t('applications.tab.awaitingAcknowledgement')}: {formatCount(stats.awaiting, locale)}
            </Anchor>
          </Text>
        ) : null}
      </div>
      {year !== null && seasons !== undefined && (
        <SeasonComparison
          year={year}
          applications={applications}
          previousYear={before?.year ?? null}
          previous={previous}
        />
      )}
      {applications !== null && (
        <DepartmentCounts applications={applications} today={today} calendar={calendar} />
      )}
      {applications !== null && (
        <RtpsReportCard
          applications={applications}
          calendar={calendar}
          year={year ?? seasonYearOfList(applications)}
        />
      )}
      <SeasonOverview applications={applications} error={error} onRetry={refetch} />
    </Stack>
  );
}
