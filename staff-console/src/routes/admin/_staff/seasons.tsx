import { Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { addSeason, closeSeasonReview, updateSeason, type Outcome } from '@puja/api-client';
import {
  currentSeason,
  earlyCloseDay,
  nextSeasonYear,
  type OpenApplications,
  type Season,
  type SeasonWithState,
} from '@puja/domain';
import { DataTable } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { APPLICATIONS_KEY } from '../../../features/applications/queries';
import { DASHBOARD_KEY } from '../../../features/dashboard/queries';
import { CloseEarlyDialog } from '../../../features/seasons/close-early-dialog';
import { CloseReviewDialog } from '../../../features/seasons/close-review-dialog';
import { LeftOpenNotice } from '../../../features/seasons/open-applications';
import { SEASONS_KEY, seasonOpenQuery, seasonsQuery } from '../../../features/seasons/queries';
import type { SeasonActions } from '../../../features/seasons/season-cells';
import { useSeasonColumns } from '../../../features/seasons/season-columns';
import { SeasonDialog } from '../../../features/seasons/season-dialog';
import { useChange } from '../../../lib/use-change';
import { t, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/seasons')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(seasonsQuery()).catch(() => undefined),
  component: SeasonsPage,
});

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; season: SeasonWithState }
  | { kind: 'close'; season: SeasonWithState }
  | { kind: 'closeReview'; season: SeasonWithState }
  | null;

/**
 * Issue 20 Seasons (admin, chairman): every season with its state; open the next one, give one
 * new dates, close the current one early (asked first). Issue 27: each season's applications
 * still open, by step, with a link to them (in the table and in the open and close dialogs),
 * whether its review goes on, and closing the review of a closed season (with a reason). Each
 * change goes through the server's checks; a refusal stays on screen in the words of its key.
 */
function SeasonsPage() {
  usePageTitle(t('seasons.title'));
  const { data: seasons, error, isPending } = useQuery(seasonsQuery());
  const { data: openBySeason } = useQuery(seasonOpenQuery());
  const openOf = useCallback(
    (year: number): OpenApplications | undefined =>
      openBySeason?.find((season) => season.year === year),
    [openBySeason],
  );
  // Opening or closing a season changes what every list and counter of "the current season" is.
  const change = useChange([SEASONS_KEY, APPLICATIONS_KEY, DASHBOARD_KEY]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [closeRefusal, setCloseRefusal] = useState<string | null>(null);
  const [nowMs] = useState(() => Date.now());
  const currentYear = currentSeason(seasons ?? [])?.year ?? null;
  const [actions] = useState<SeasonActions>(() => ({
    onEdit: (season) => ask({ kind: 'edit', season }),
    onCloseEarly: (season) => setDialog({ kind: 'close', season }),
    onCloseReview: (season) => ask({ kind: 'closeReview', season }),
  }));
  const columns = useSeasonColumns({ currentYear, openOf, actions });

  /** Opens a dialog that may be refused: without the last one's refusal. */
  function ask(next: Dialog) {
    setRefusal(null);
    setDialog(next);
  }

  /** Runs a change asked in a dialog: closes it once done, else keeps the refusal in it. */
  async function inDialog(act: () => Promise<Outcome>) {
    const answer = await change({ loading: 'seasons.saving', failure: 'seasons.saveFailed' }, act);
    if (answer.ok) ask(null);
    else setRefusal(answer.text);
  }

  async function closeEarly(season: SeasonWithState) {
    setDialog(null);
    const answer = await change({ loading: 'seasons.saving', failure: 'seasons.saveFailed' }, () =>
      updateSeason({ ...season, closes_on: earlyCloseDay(season, Date.now()) }),
    );
    setCloseRefusal(answer.ok ? null : answer.text);
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('seasons.title')}</Title>
        <Button onClick={() => ask({ kind: 'add' })} disabled={seasons === undefined}>
          {t('seasons.add')}
        </Button>
      </Group>
      <ErrorAlert error={error} fallback="seasons.fetchFailed" />
      <ErrorAlert text={closeRefusal} onClose={() => setCloseRefusal(null)} />
      <DataTable
        columns={columns}
        data={seasons ?? []}
        loading={isPending}
        emptyText={t('seasons.empty')}
        getRowId={(season) => String(season.year)}
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <SeasonDialog
          season={dialog.kind === 'edit' ? dialog.season : null}
          seasons={seasons ?? []}
          defaultYear={nextSeasonYear(seasons ?? [], nowMs)}
          refusal={refusal}
          leftOpen={(year) => <LeftOpenNotice year={year} open={openOf(year)} />}
          onClose={() => setDialog(null)}
          onSave={(value: Season) =>
            void inDialog(() => (dialog.kind === 'add' ? addSeason(value) : updateSeason(value)))
          }
        />
      )}
      {dialog?.kind === 'closeReview' && (
        <CloseReviewDialog
          year={dialog.season.year}
          open={openOf(dialog.season.year)}
          refusal={refusal}
          onClose={() => setDialog(null)}
          onConfirm={(reason) =>
            void inDialog(() => closeSeasonReview({ year: dialog.season.year, reason }))
          }
        />
      )}
      <CloseEarlyDialog
        season={dialog?.kind === 'close' ? dialog.season : null}
        open={dialog?.kind === 'close' ? openOf(dialog.season.year) : undefined}
        nowMs={nowMs}
        onCancel={() => setDialog(null)}
        onConfirm={(season) => void closeEarly(season)}
      />
    </Stack>
  );
}
