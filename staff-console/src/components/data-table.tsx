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
  type MRT_TableInstance,
} from 'mantine-react-table';
import { ActionIcon, Group, Select, Text } from '@mantine/core';
import { useId } from 'react';
import { formatNumber, type Locale } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
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

/** The page sizes offered (the grid's own choices). */
const PAGE_SIZES = [5, 10, 15, 20, 25, 30, 50, 100];

/**
 * The grid's pager in the chosen language's digits (one script of digits per screen): rows per
 * page, "1-25 of 30" and the page buttons. The grid's own pager writes its numbers with the
 * browser's digits, so the console draws this one in its place.
 */
function GridPager<T extends MRT_RowData>({
  table,
  locale,
}: {
  table: MRT_TableInstance<T>;
  locale: Locale;
}) {
  const labelId = useId();
  const { pageIndex, pageSize } = table.getState().pagination;
  const total = table.getPrePaginationRowModel().rows.length;
  const pages = Math.ceil(total / pageSize);
  const first = pageIndex * pageSize;
  const last = Math.min(first + pageSize, total);
  const n = (value: number) => formatNumber(value, locale);
  const { IconChevronLeft, IconChevronLeftPipe, IconChevronRight, IconChevronRightPipe } =
    table.options.icons;
  const onFirst = pageIndex <= 0;
  const onLast = last >= total;
  const button = (label: string, disabled: boolean, page: number, Icon: typeof IconChevronLeft) => (
    <ActionIcon
      aria-label={label}
      color="gray"
      variant="subtle"
      disabled={disabled}
      onClick={() => table.setPageIndex(page)}
    >
      <Icon />
    </ActionIcon>
  );
  return (
    <Group className="mrt-table-pagination" justify="flex-end" gap="lg" ml="auto" py={4}>
      <Group gap="xs">
        <Text id={labelId}>{t('table.rowsPerPage')}</Text>
        <Select
          aria-labelledby={labelId}
          allowDeselect={false}
          w={80}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: n(size) }))}
          value={String(pageSize)}
          onChange={(value) => table.setPageSize(Number(value))}
        />
      </Group>
      <Text>{`${last === 0 ? n(0) : n(first + 1)}-${n(last)} ${t('table.of')} ${n(total)}`}</Text>
      <Group gap={6}>
        {pages > 2 && button(t('table.goToFirstPage'), onFirst, 0, IconChevronLeftPipe)}
        {button(t('table.goToPreviousPage'), onFirst, pageIndex - 1, IconChevronLeft)}
        {button(t('table.goToNextPage'), onLast, pageIndex + 1, IconChevronRight)}
        {pages > 2 && button(t('table.goToLastPage'), onLast, pages - 1, IconChevronRightPipe)}
      </Group>
    </Group>
  );
}

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
  const locale = useLocale();
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
    // Row numbers, like the pager, in the chosen language's digits.
    displayColumnDefOptions: {
      'mrt-row-numbers': {
        Cell: ({ renderedRowIndex = 0, table: grid }) => {
          const { pageIndex, pageSize } = grid.getState().pagination;
          return formatNumber(renderedRowIndex + pageIndex * pageSize + 1, locale);
        },
      },
    },
    // The grid's own pager gives way to ours (GridPager), drawn where it stood.
    positionPagination: 'none',
    renderBottomToolbarCustomActions: ({ table: grid }) => (
      <GridPager table={grid} locale={locale} />
    ),
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
