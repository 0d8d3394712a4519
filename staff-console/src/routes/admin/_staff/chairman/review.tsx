import { Button, Group, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { awaitsChairmanReview, sortByOldestWaiting, type Application } from '@puja/domain';
import { DataTable, type Column } from '../../../../components/data-table';
import { ApplicationLink } from '../../../../components/application-link';
import { WaitingBadge } from '../../../../components/waiting-badge';
import {
  FinalDecisionDialog,
  type PendingFinalDecision,
} from '../../../../features/reviews/final-decision-dialog';
import { prefetchApplications, useApplications } from '../../../../features/applications/queries';
import { useDecisions } from '../../../../features/applications/use-decisions';
import { SeasonHeader } from '../../../../features/seasons/season-select';
import { useViewedSeason } from '../../../../features/seasons/queries';
import { errorText, t, useLocale } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/chairman/review')({
  loaderDeps: ({ search }) => ({ season: search.season }),
  loader: ({ context, deps }) => prefetchApplications(context.queryClient, deps.season),
  component: ChairmanReviewPage,
});

/**
 * SPEC §2 Chairman Final Review (chairman): certificate and agreement Approved, chairman
 * Pending; club name, president, year and the decision in the row, oldest waiting first.
 */
function ChairmanReviewPage() {
  const locale = useLocale();
  // Issue 27: the undecided applications listed here go on until the season's review closes.
  const { param: season, reviewClosed } = useViewedSeason();
  const { applications, error } = useApplications(season);
  const { decideFinal } = useDecisions(season);
  // The final decision issues (or refuses) a legal certificate: it always asks first.
  const [confirming, setConfirming] = useState<PendingFinalDecision | null>(null);
  const [nowMs] = useState(() => Date.now());
  const rows = useMemo(
    () => sortByOldestWaiting((applications ?? []).filter(awaitsChairmanReview)),
    [applications],
  );

  const columns = useMemo<Column<Application>[]>(
    () => [
      {
        accessorKey: 'club_name',
        header: t('registration.field.club'),
        Cell: ({ row }) => <ApplicationLink app={row.original} />,
      },
      { accessorKey: 'club_president_name', header: t('applications.clubPresident') },
      { accessorKey: 'apply_year', header: t('applications.year') },
      {
        id: 'waiting',
        header: t('applications.waitingColumn'),
        enableSorting: false,
        Cell: ({ row }) => <WaitingBadge app={row.original} nowMs={nowMs} />,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        enableSorting: false,
        // Once the season's review is closed, nothing is decided any more.
        Cell: ({ row }) =>
          reviewClosed ? null : (
            <Group gap={6} wrap="nowrap">
              <Button
                size="compact-xs"
                color="teal.9"
                onClick={() => setConfirming({ app: row.original, decision: 'approve' })}
                aria-label={`${t('review.approve')} ${row.original.club_name}`}
              >
                {t('review.approve')}
              </Button>
              <Button
                size="compact-xs"
                color="red.9"
                variant="outline"
                onClick={() => setConfirming({ app: row.original, decision: 'reject' })}
                aria-label={`${t('review.reject')} ${row.original.club_name}`}
              >
                {t('review.reject')}
              </Button>
            </Group>
          ),
      },
    ],
    // The headers are words of the chosen language: a switch rebuilds them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [nowMs, locale, reviewClosed],
  );

  return (
    <Stack>
      <SeasonHeader title={t('final.panelTitle')} />
      {error !== null &&
        applications === null &&
        errorText(error, 'applications.pendingFetchFailed')}
      <DataTable
        columns={columns}
        data={rows}
        loading={applications === null && error === null}
        emptyText={t('applications.empty')}
        getRowId={(app) => String(app.id)}
      />
      <FinalDecisionDialog
        pending={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={(pending, reason) => {
          setConfirming(null);
          decideFinal(pending.app, pending.decision, reason);
        }}
      />
    </Stack>
  );
}
