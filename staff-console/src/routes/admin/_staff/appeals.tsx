import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { decideAppeal, type ListedAppeal } from '@puja/api-client';
import { DataTable } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { useAppealColumns } from '../../../features/appeals/appeal-columns';
import { DecideAppealDialog } from '../../../features/appeals/decide-dialog';
import { APPEALS_KEY, appealsQuery } from '../../../features/appeals/queries';
import { APPLICATIONS_KEY } from '../../../features/applications/queries';
import { useWorkingDay } from '../../../features/holidays/use-working-day';
import { SeasonHeader } from '../../../features/seasons/season-select';
import { useViewedSeason } from '../../../features/seasons/queries';
import { useChange } from '../../../lib/use-change';
import { t, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/appeals')({
  component: AppealsPage,
});

/**
 * Issue 30: the Appeals work list (an Appellate Officer sees only this; admin, store and chairman
 * too, as any of them may be named Appellate Officer of a step): the season's appeals, pending
 * first by their due date, each with what it is against; Decide opens the dialog (allow or
 * dismiss with a reason). The server says who may decide which.
 */
function AppealsPage() {
  usePageTitle(t('appeals.title'));
  const { year, seasons, seasonsFailed } = useViewedSeason();
  const { data, error, isPending } = useQuery({
    ...appealsQuery(year ?? undefined),
    enabled: seasons !== undefined || seasonsFailed,
  });
  const { today } = useWorkingDay(false);
  const [deciding, setDeciding] = useState<ListedAppeal | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = useChange([APPEALS_KEY, APPLICATIONS_KEY]);
  const open = useCallback((appeal: ListedAppeal) => {
    setRefusal(null);
    setDeciding(appeal);
  }, []);
  const columns = useAppealColumns(today, open);
  const shown = [...(data ?? [])].sort(
    (a, b) =>
      Number(a.status !== 'pending') - Number(b.status !== 'pending') ||
      a.due_on.localeCompare(b.due_on),
  );

  return (
    <Stack>
      <SeasonHeader title={t('appeals.title')} hint={t('appeals.intro')} />
      <ErrorAlert error={error} fallback="appeals.fetchFailed" />
      <DataTable
        columns={columns}
        data={shown}
        loading={isPending && error === null}
        emptyText={t('appeals.empty')}
        getRowId={(appeal) => String(appeal.id)}
      />
      {deciding && (
        <DecideAppealDialog
          appeal={deciding}
          refusal={refusal}
          onClose={() => setDeciding(null)}
          onConfirm={async (input) => {
            const result = await change(
              { loading: 'appeals.save', failure: 'appeals.saveFailed' },
              () => decideAppeal({ id: deciding.id, ...input }),
            );
            if (result.ok) setDeciding(null);
            else setRefusal(result.text);
          }}
        />
      )}
    </Stack>
  );
}
