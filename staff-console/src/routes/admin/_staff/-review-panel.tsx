import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { sortByOldestWaiting, type Application } from '@puja/domain';
import { errorText, t } from '@puja/web-kit';
import { DataTable, type Column } from '../../../components/data-table';
import { useApplications } from '../../../features/applications/queries';
import { useDecisions } from '../../../features/applications/use-decisions';
import { useReviewActions } from '../../../features/reviews/use-review-actions';
import { useViewedSeason } from '../../../features/seasons/queries';
import { SeasonHeader } from '../../../features/seasons/season-select';

/**
 * A review panel (Document Review, Chairman Final Review): the applications of the viewed season
 * that wait here (`awaits`, a stable function), oldest waiting first, and the review desk's acts
 * on them (`review`; `screen` as useReviewActions takes it). The undecided ones stay listed until
 * the season's review closes (issue 27).
 */
export function useReviewPanel(
  awaits: (app: Application) => boolean,
  screen: Parameters<typeof useReviewActions>[1],
) {
  const { param: season, reviewClosed } = useViewedSeason();
  const { applications, error } = useApplications(season);
  const review = useReviewActions(useDecisions(season), screen);
  const [nowMs] = useState(() => Date.now());
  const rows = useMemo(
    () => sortByOldestWaiting((applications ?? []).filter(awaits)),
    [applications, awaits],
  );
  return { applications, error, rows, reviewClosed, review, nowMs };
}

/** A review panel's page: the season header, a failed load, the table, and the review dialogs. */
export function ReviewPanel({
  title,
  panel,
  columns,
}: {
  title: string;
  panel: ReturnType<typeof useReviewPanel>;
  columns: Column<Application>[];
}) {
  const { applications, error, rows } = panel;
  return (
    <Stack>
      <SeasonHeader title={title} />
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
      {panel.review.dialogs}
    </Stack>
  );
}
