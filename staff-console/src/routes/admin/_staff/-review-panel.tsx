import { Stack } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { sortByOldestWaiting, type Application } from '@puja/domain';
import { errorText, t } from '@puja/web-kit';
import { DataTable, type Column } from '../../../components/data-table';
import { useApplications } from '../../../features/applications/queries';
import { useDecisions } from '../../../features/applications/use-decisions';
import { useViewedSeason } from '../../../features/seasons/queries';
import { SeasonHeader } from '../../../features/seasons/season-select';

/**
 * A review panel's applications (Document Review, Chairman Final Review): those of the viewed
 * season that wait here (`awaits`, a stable function), oldest waiting first. The undecided ones
 * stay listed until the season's review closes (issue 27); `decisions` sends the panel's acts.
 */
export function usePanelApplications(awaits: (app: Application) => boolean) {
  const { param: season, reviewClosed } = useViewedSeason();
  const { applications, error } = useApplications(season);
  const decisions = useDecisions(season);
  const [nowMs] = useState(() => Date.now());
  const rows = useMemo(
    () => sortByOldestWaiting((applications ?? []).filter(awaits)),
    [applications, awaits],
  );
  return { applications, error, rows, reviewClosed, decisions, nowMs };
}

/** A review panel's page: the season header, a failed load, the table, and the review dialogs. */
export function ReviewPanel({
  title,
  panel,
  columns,
  dialogs,
}: {
  title: string;
  panel: Pick<ReturnType<typeof usePanelApplications>, 'applications' | 'error' | 'rows'>;
  columns: Column<Application>[];
  dialogs: ReactNode;
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
      {dialogs}
    </Stack>
  );
}
