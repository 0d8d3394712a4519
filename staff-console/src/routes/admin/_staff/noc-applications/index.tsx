import { Anchor, Card, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import {
  LIST_TAB_LABEL,
  cardFacts,
  localiseDigits,
  oldestWaitingIds,
  filterApplications,
  formatDate,
  hasAcknowledgement,
  isOverdueApplication,
  sortByDueDate,
  sortByOldestWaiting,
  tabsForRole,
  type Application,
  type ListFilters,
} from '@puja/domain';
import { PageLoader } from '../../../../components/page-loader';
import { SeasonHeader } from '../../../../features/seasons/season-select';
import { ApplicationLink } from '../../../../components/application-link';
import { WaitingBadge } from '../../../../components/waiting-badge';
import { DueBadge } from '../../../../features/applications/due-dates';
import { ViewTabs } from '../../../../components/view-tabs';
import { ErrorAlert } from '../../../../components/error-alert';
import {
  filtersFor,
  toSearch,
  validateListSearch,
} from '../../../../features/applications/list-search';
import { referredDepartments } from '../../../../features/applications/department-filter';
import { ListFilterBar } from '../../../../features/applications/list-filter-bar';
import { loadsSeasonList, useApplications } from '../../../../features/applications/queries';
import { useSeasonParam } from '../../../../features/seasons/queries';
import { useStaffSession } from '../../../../lib/use-staff-session';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/noc-applications/')({
  validateSearch: validateListSearch,
  ...loadsSeasonList,
  component: ApplicationsPage,
});

/** Cards per page: the list is paginated, so 5,000 applications render as fast as 50. */
const PAGE_SIZE = 24;

/**
 * SPEC §2 NOC Applications: tabs by role, club-name search, ward, the Pending Document filter on
 * the Pending tab, the review step applications wait at (the dashboard's drill-down, issue 13),
 * Clear All, cards linking to the detail. The view state lives in the URL.
 */
function ApplicationsPage() {
  useLocale();
  usePageTitle(t('nav.allNocs'));
  const session = useStaffSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { applications, error } = useApplications(useSeasonParam());
  const filters = filtersFor(search, session.role);
  const [nowMs] = useState(() => Date.now());
  // Issue 29: a tab and a filter for the departments, only when any application was referred.
  const departments = useMemo(() => referredDepartments(applications ?? []), [applications]);
  // Issue 30: the Overdue tab, the due-date filter and sort where the server keeps step clocks.
  const clocks = useMemo(
    () => (applications ?? []).some((app) => app.steps !== undefined),
    [applications],
  );
  const tabs = tabsForRole(session.role, { departments: departments.length > 0, clocks });

  const matching = useMemo(() => {
    const rows = filterApplications(applications ?? [], filters);
    if (search.sort === 'due') return sortByDueDate(rows);
    return search.sort === 'oldest' ? sortByOldestWaiting(rows) : rows;
    // filters is rebuilt each render from the URL; its parts are the real inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    applications,
    filters.tab,
    filters.q,
    filters.ward,
    filters.pendingDoc,
    filters.step,
    filters.department,
    filters.dueBy,
    search.sort,
  ]);

  // The longest waiting of the whole list stand out, whatever page they are on.
  const oldest = useMemo(() => new Set(oldestWaitingIds(matching)), [matching]);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const page = Math.min(search.page ?? 1, pages);
  const shown = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const update = (next: ListFilters, replace = false) =>
    void navigate({ search: toSearch(next, search.sort), replace });

  return (
    <Stack>
      <SeasonHeader title={t('nav.allNocs')} />
      <ViewTabs
        tabs={tabs}
        value={filters.tab}
        label={(tab) => LIST_TAB_LABEL[tab]}
        onChange={(tab) => update({ ...filters, tab })}
      />
      <ListFilterBar
        filters={filters}
        departments={departments}
        clocks={clocks}
        sort={search.sort}
        onChange={update}
        onSort={(sort) => void navigate({ search: toSearch(filters, sort) })}
      />
      {filters.tab === 'awaitingAcknowledgement' && (
        <Text size="sm" c="dimmed">
          {t('applications.awaitingHint')}
        </Text>
      )}
      <ErrorAlert error={error} fallback="applications.fetchFailed" />
      {applications !== null && (
        // Read out when a search or filter changes the count (polite: it never interrupts typing).
        <Text size="sm" fw={600} role="status" data-testid="result-count">
          {matching.length === 1
            ? t('applications.results.one')
            : t('applications.results.many', { count: matching.length })}
        </Text>
      )}
      {applications === null ? (
        error === null && <PageLoader />
      ) : shown.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t('applications.empty')}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="application-cards">
            {shown.map((app) => (
              <ApplicationCard key={app.id} app={app} nowMs={nowMs} isOldest={oldest.has(app.id)} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) =>
                void navigate({ search: { ...search, page: next > 1 ? next : undefined } })
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** One application's card: its club, numbers, how far it is and how long it waits. */
function ApplicationCard({
  app,
  nowMs,
  isOldest,
}: {
  app: Application;
  nowMs: number;
  isOldest: boolean;
}) {
  const locale = useLocale();
  const facts = cardFacts(app, nowMs);
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      data-oldest={isOldest || undefined}
      data-overdue={isOverdueApplication(app) || undefined}
      style={isOldest ? { borderColor: 'var(--mantine-color-red-9)', borderWidth: 2 } : undefined}
    >
      <ApplicationLink app={app} fw={700} size="lg" />
      <Text size="sm">
        {t('applications.applicationNo')}: {localiseDigits(app.reg_no, locale)}
      </Text>
      <Text size="sm">{t('applications.ward', { ward: app.ward_no ?? '' })}</Text>
      <Text size="sm">{t('applications.pujaWard', { ward: app.puja_location_ward_no ?? '' })}</Text>
      {!hasAcknowledgement(app) && (
        // Awaiting acknowledgement: when the club applied and how to call it.
        <>
          <Text size="sm">
            {t('applications.submittedOn', {
              date: formatDate(app.created_at, locale),
            })}
          </Text>
          <Text size="sm">
            {t('applications.phone')}:{' '}
            {app.phone ? (
              <Anchor href={`tel:${app.phone.replace(/[^\d+]/g, '')}`}>
                {localiseDigits(app.phone, locale)}
              </Anchor>
            ) : (
              t('date.notAvailable')
            )}
          </Text>
        </>
      )}
      <Text size="sm" fw={600} mt="xs">
        {t(facts.progressLabel)}
        {facts.waitsAtLabel ? ` · ${t(facts.waitsAtLabel)}` : ''}
      </Text>
      <Group mt="xs" gap="xs">
        <WaitingBadge app={app} nowMs={nowMs} oldest={isOldest} />
        <DueBadge app={app} />
      </Group>
    </Card>
  );
}
