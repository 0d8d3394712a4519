import { useMemo } from 'react';
import { formatShortDate, type OpenApplications, type SeasonWithState } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { WRAPPING_CELL, type Column } from '../../components/data-table';
import { OpenApplicationsSummary } from './open-applications';
import { ActionsCell, DatesCell, SeasonCell, type SeasonActions } from './season-cells';

/**
 * The Seasons table's columns. They fit 1024 px beside the side panel (issue 27: the table
 * scrolled 160 px sideways): the year carries its state under it, the three days share one
 * column, each with its label, and a row's controls stand one under the other.
 */
export function useSeasonColumns({
  currentYear,
  openOf,
  actions,
}: {
  currentYear: number | null;
  openOf: (year: number) => OpenApplications | undefined;
  actions: SeasonActions;
}): Column<SeasonWithState>[] {
  const locale = useLocale();
  return useMemo<Column<SeasonWithState>[]>(
    () => [
      {
        id: 'year',
        header: t('seasons.year'),
        accessorKey: 'year',
        size: 150,
        mantineTableBodyCellProps: WRAPPING_CELL,
        Cell: ({ row }) => (
          <SeasonCell season={row.original} current={row.original.year === currentYear} />
        ),
      },
      {
        // The three days in one column (issue 27: three columns did not fit 1024 px); it sorts
        // by the opening day, as YYYY-MM-DD.
        id: 'dates',
        header: t('seasons.dates'),
        accessorKey: 'opens_on',
        size: 190,
        mantineTableBodyCellProps: WRAPPING_CELL,
        Cell: ({ row }) => <DatesCell season={row.original} />,
      },
      {
        // What the season still has open, by step (issue 27); once its review is closed, when.
        id: 'open',
        header: t('seasons.openApplications'),
        enableSorting: false,
        size: 200,
        mantineTableBodyCellProps: WRAPPING_CELL,
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
        size: 140,
        mantineTableBodyCellProps: WRAPPING_CELL,
        Cell: ({ row }) => (
          <ActionsCell season={row.original} currentYear={currentYear} actions={actions} />
        ),
      },
    ],
    // The headers are words of the chosen language: a switch rebuilds them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [currentYear, locale, openOf],
  );
}
