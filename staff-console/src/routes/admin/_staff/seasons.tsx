import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  DEFAULT_THEME,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
  darken,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { addSeason, closeSeasonReview, updateSeason } from '@puja/api-client';
import {
  canCloseEarly,
  canCloseReview,
  currentSeason,
  earlyCloseDay,
  formatShortDate,
  localiseDigits,
  nextSeasonYear,
  type OpenApplications,
  type Season,
  type SeasonState,
  type SeasonWithState,
} from '@puja/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { APPLICATIONS_KEY } from '../../../features/applications/queries';
import { DASHBOARD_KEY } from '../../../features/dashboard/queries';
import { CloseReviewDialog } from '../../../features/seasons/close-review-dialog';
import { OpenApplicationsSummary } from '../../../features/seasons/open-applications';
import { SEASONS_KEY, seasonOpenQuery, seasonsQuery } from '../../../features/seasons/queries';
import { SeasonDialog } from '../../../features/seasons/season-dialog';
import { useChange } from '../../../lib/use-change';
import { errorText, t, useLocale, usePageTitle } from '@puja/web-kit';

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

// Dark shades on outline badges, as the status badges: AA contrast on white and striped rows.
const STATE_COLOR: Readonly<Record<SeasonState, string>> = {
  upcoming: 'blue.9',
  open: darken(DEFAULT_THEME.colors.teal[9], 0.2),
  closed: 'gray.8',
};

/**
 * Issue 20 Seasons (admin, chairman): every season with its state; open the next one, give one
 * new dates, close the current one early (asked first). Issue 27: each season's applications
 * still open, by step, with a link to them (in the table and in the open and close dialogs),
 * whether its review goes on, and closing the review of a closed season (with a reason). Each
 * change goes through the server's checks; a refusal stays on screen in the words of its key.
 */
function SeasonsPage() {
  const locale = useLocale();
  usePageTitle(t('seasons.title'));
  const { data: seasons, error, isPending } = useQuery(seasonsQuery());
  const { data: openBySeason } = useQuery(seasonOpenQuery());
  const openOf = (year: number): OpenApplications | undefined =>
    openBySeason?.find((season) => season.year === year);
  // Opening or closing a season changes what every list and counter of "the current season" is.
  const change = useChange([SEASONS_KEY, APPLICATIONS_KEY, DASHBOARD_KEY]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [closeRefusal, setCloseRefusal] = useState<string | null>(null);
  const [nowMs] = useState(() => Date.now());
  const currentYear = currentSeason(seasons ?? [])?.year ?? null;

  // Days sort by their raw YYYY-MM-DD and are written in the chosen language when drawn.
  const day = (value: string | null, none = '') =>
    value === null ? none : formatShortDate(value, locale);
  const columns = useMemo<Column<SeasonWithState>[]>(
    () => [
      {
        id: 'year',
        header: t('seasons.year'),
        accessorKey: 'year',
        // Sizes add up to ~665 px, within 1024 px beside the side panel: at 940 the actions
        // column was cut off (issue 27). The badge and the actions wrap under if need be.
        size: 110,
        Cell: ({ row }) => (
          <Group gap="xs">
            <span>{localiseDigits(String(row.original.year), locale)}</span>
            {row.original.year === currentYear && (
              <Badge variant="filled" color="blue.9">
                {t('seasons.current')}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        id: 'state',
        header: t('seasons.state'),
        accessorKey: 'state',
        size: 90,
        Cell: ({ row }) => (
          <Badge variant="outline" color={STATE_COLOR[row.original.state]}>
            {t(`seasons.state.${row.original.state}`)}
          </Badge>
        ),
      },
      {
        id: 'opens_on',
        header: t('seasons.opensOn'),
        accessorKey: 'opens_on',
        size: 100,
        Cell: ({ row }) => day(row.original.opens_on),
      },
      {
        id: 'closes_on',
        header: t('seasons.closesOn'),
        accessorFn: (season) => season.closes_on ?? '9999',
        size: 105,
        Cell: ({ row }) => day(row.original.closes_on, t('seasons.noCloseDate')),
      },
      {
        id: 'puja_starts_on',
        header: t('seasons.pujaStartsOn'),
        accessorFn: (season) => season.puja_starts_on ?? '',
        size: 100,
        Cell: ({ row }) => day(row.original.puja_starts_on),
      },
      {
        // What the season still has open, by step (issue 27); once its review is closed, when.
        id: 'open',
        header: t('seasons.openApplications'),
        enableSorting: false,
        size: 170,
        Cell: ({ row }) =>
          row.original.review_closed_at ? (
            t('seasons.reviewClosed', {
              date: formatShortDate(row.original.review_closed_at, locale),
            })
          ) : (
            <OpenApplicationsSummary
              year={row.original.year}
              open={openOf(row.original.year)}
              compact
            />
          ),
      },
      {
        id: 'actions',
        header: t('common.actions'),
        enableSorting: false,
        size: 160,
        Cell: ({ row }) => {
          const season = row.original;
          return (
            <Group gap="xs">
              <Tooltip label={t('seasons.edit', { year: season.year })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('seasons.edit', { year: season.year })}
                  onClick={() => {
                    setRefusal(null);
                    setDialog({ kind: 'edit', season });
                  }}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
              {canCloseEarly(season, currentYear) && (
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => setDialog({ kind: 'close', season })}
                >
                  {t('seasons.closeNow')}
                </Button>
              )}
              {canCloseReview(season) && (
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => {
                    setRefusal(null);
                    setDialog({ kind: 'closeReview', season });
                  }}
                >
                  {t('seasons.closeReview', { year: season.year })}
                </Button>
              )}
            </Group>
          );
        },
      },
    ],
    // The headers are words of the chosen language: a switch rebuilds them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [currentYear, locale, openBySeason],
  );

  async function save(adding: boolean, value: Season) {
    const answer = await change({ loading: 'seasons.saving', failure: 'seasons.saveFailed' }, () =>
      adding ? addSeason(value) : updateSeason(value),
    );
    if (answer.ok) {
      setRefusal(null);
      setDialog(null);
    } else {
      setRefusal(answer.text);
    }
  }

  async function closeEarly(season: SeasonWithState) {
    setDialog(null);
    const answer = await change({ loading: 'seasons.saving', failure: 'seasons.saveFailed' }, () =>
      updateSeason({ ...season, closes_on: earlyCloseDay(season, Date.now()) }),
    );
    setCloseRefusal(answer.ok ? null : answer.text);
  }

  async function closeReview(season: SeasonWithState, reason: string) {
    const answer = await change({ loading: 'seasons.saving', failure: 'seasons.saveFailed' }, () =>
      closeSeasonReview({ year: season.year, reason }),
    );
    if (answer.ok) {
      setRefusal(null);
      setDialog(null);
    } else {
      setRefusal(answer.text);
    }
  }

  const closing = dialog?.kind === 'close' ? dialog.season : null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('seasons.title')}</Title>
        <Button
          onClick={() => {
            setRefusal(null);
            setDialog({ kind: 'add' });
          }}
          disabled={seasons === undefined}
        >
          {t('seasons.add')}
        </Button>
      </Group>
      {error !== null && (
        <Alert color="red" role="alert">
          {errorText(error, 'seasons.fetchFailed')}
        </Alert>
      )}
      {closeRefusal !== null && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setCloseRefusal(null)}>
          {closeRefusal}
        </Alert>
      )}
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
          leftOpen={(year) => (
            <>
              <OpenApplicationsSummary year={year} open={openOf(year)} />
              {(openOf(year)?.total ?? 0) > 0 && <Text>{t('seasons.openLeftOpen', { year })}</Text>}
            </>
          )}
          onClose={() => setDialog(null)}
          onSave={(value) => void save(dialog.kind === 'add', value)}
        />
      )}
      {dialog?.kind === 'closeReview' && (
        <CloseReviewDialog
          year={dialog.season.year}
          open={openOf(dialog.season.year)}
          refusal={refusal}
          onClose={() => setDialog(null)}
          onConfirm={(reason) => void closeReview(dialog.season, reason)}
        />
      )}
      <ConfirmDialog
        opened={closing !== null}
        question={
          closing === null
            ? ''
            : t('seasons.closeConfirm', {
                year: closing.year,
                date: formatShortDate(earlyCloseDay(closing, nowMs), locale),
              })
        }
        confirmLabel={t('seasons.closeNow')}
        onCancel={() => setDialog(null)}
        onConfirm={() => closing !== null && void closeEarly(closing)}
      >
        {closing !== null && (
          <>
            <OpenApplicationsSummary year={closing.year} open={openOf(closing.year)} />
            {(openOf(closing.year)?.total ?? 0) > 0 && (
              <Text>{t('seasons.openLeftOpen', { year: closing.year })}</Text>
            )}
          </>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
