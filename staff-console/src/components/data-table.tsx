/**
 * The console's data grid (mantine-react-table), loaded only with the routes that show one.
 * Searching is done by the screen through domain's rules, so the grid only sorts and pages.
 */
import 'mantine-react-table/styles.css';
import {
  MantineReactTable,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_RowData,
} from 'mantine-react-table';
import { Text } from '@mantine/core';
import { t } from '@puja/web-kit';
import styles from './data-table.module.css';

/** The grid's own words (pagination, sorting) from the catalogue, in the chosen language. */
function gridWords() {
  return {
    rowsPerPage: t('table.rowsPerPage'),
    of: t('table.of'),
    rowNumber: t('table.rowNumber'),
    goToFirstPage: t('table.goToFirstPage'),
    goToPreviousPage: t('table.goToPreviousPage'),
    goToNextPage: t('table.goToNextPage'),
    goToLastPage: t('table.goToLastPage'),
    // The grid fills in {column} itself.
    sortByColumnAsc: t('table.sortByColumnAsc'),
    sortByColumnDesc: t('table.sortByColumnDesc'),
    sortedByColumnAsc: t('table.sortedByColumnAsc'),
    sortedByColumnDesc: t('table.sortedByColumnDesc'),
    clearSort: t('table.clearSort'),
    noRecordsToDisplay: t('table.noRecords'),
  };
}

export type { MRT_ColumnDef as Column };

/**
 * A column's body cells that wrap (the compact grid keeps cells on one line): names, addresses,
 * e-mails (broken anywhere if need be), so a table fits 1024 px beside the side panel.
 * @example { accessorKey: 'email', size: 180, mantineTableBodyCellProps: WRAPPING_CELL }
 */
export const WRAPPING_CELL = {
  style: { whiteSpace: 'normal', overflowWrap: 'anywhere', verticalAlign: 'top' },
} as const;

export function DataTable<T extends MRT_RowData>({
  columns,
  data,
  loading,
  emptyText,
  getRowId,
  numbered = false,
}: {
  columns: MRT_ColumnDef<T>[];
  data: T[];
  loading: boolean;
  /** The screen's own empty text (SPEC §2). */
  emptyText: string;
  getRowId: (row: T) => string;
  /** A leading row-number column (SPEC §2: Manage Clubs' and Manage Users' "number"). */
  numbered?: boolean;
}) {
  const table = useMantineReactTable({
    columns,
    data,
    getRowId,
    localization: gridWords(),
    enableTopToolbar: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    // A column without a width of its own starts narrow; the table then stretches its columns
    // to the screen's width, so five of them fit 1024 px beside the side panel (issue 22).
    defaultColumn: { size: 140 },
    enableRowNumbers: numbered,
    rowNumberDisplayMode: 'static',
    initialState: { pagination: { pageIndex: 0, pageSize: 25 }, density: 'xs' },
    state: { isLoading: loading },
    mantineTableProps: { striped: true, highlightOnHover: true, withTableBorder: true },
    // Headers wrap onto two lines rather than widen a table past 1024 px (issue 22).
    mantinePaperProps: { className: styles.grid },
    mantineTableHeadCellProps: { style: { verticalAlign: 'bottom' } },
    // A loading row's bars take a share of their cell: the grid's own widths in pixels reach the
    // column's full size, padding aside, and pushed a 1024 px table sideways while it loaded.
    mantineSkeletonProps: ({ row }) => ({ width: `${50 + ((row.index * 29) % 45)}%` }),
    renderEmptyRowsFallback: () => (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    ),
  });
  return <MantineReactTable table={table} />;
}
