import { Badge, Button, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ListedAppeal } from '@puja/api-client';
import {
  appealAgainstText,
  formatDate,
  localiseDigits,
  type AppealStatus,
  type IsoDay,
} from '@puja/domain';
import { WRAPPING_CELL, type Column } from '../../components/data-table';
import { APPROVED_COLOR } from '../../components/status-badge';
import { t, useLocale } from '@puja/web-kit';

// Dark shades on outline badges keep AA contrast on white and on striped rows.
const COLOR: Readonly<Record<AppealStatus, string>> = {
  pending: 'gray.8',
  allowed: APPROVED_COLOR,
  dismissed: 'red.9',
};

/** An appeal's state as a coloured word (issue 30). */
export function AppealStatusBadge({ status }: { status: AppealStatus }) {
  return (
    <Badge color={COLOR[status]} variant="outline" style={{ flexShrink: 0, overflow: 'visible' }}>
      {t(`appeals.status.${status}`)}
    </Badge>
  );
}

/**
 * The Appeals work list's columns (issue 30): application no., the club with what it appeals
 * against, filed on, the officer's due date (overdue marked), status, and Decide for a pending
 * one; six columns to fit 1024 px.
 */
export function useAppealColumns(
  today: IsoDay,
  onDecide: (appeal: ListedAppeal) => void,
): Column<ListedAppeal>[] {
  const locale = useLocale();
  return useMemo<Column<ListedAppeal>[]>(
    () => [
      {
        accessorKey: 'reg_no',
        header: t('appeals.col.application'),
        Cell: ({ row }) => localiseDigits(row.original.reg_no ?? '', locale),
        size: 90,
      },
      {
        id: 'club',
        header: `${t('appeals.col.club')} / ${t('appeals.col.against')}`,
        accessorFn: (a) => a.club_name ?? '',
        Cell: ({ row }) => (
          <>
            <Text size="sm">{row.original.club_name || t('applications.unknownClub')}</Text>
            <Text size="xs" c="dimmed">
              {row.original.ground ? appealAgainstText(row.original, locale) : ''}
            </Text>
          </>
        ),
        size: 200,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'filed_on',
        header: t('appeals.col.filed'),
        Cell: ({ row }) => formatDate(row.original.filed_on, locale),
        size: 100,
      },
      {
        accessorKey: 'due_on',
        header: t('appeals.col.due'),
        Cell: ({ row }) => (
          <>
            {formatDate(row.original.due_on, locale)}
            {row.original.status === 'pending' && row.original.due_on < today && (
              <Text size="xs" c="red.9" fw={600}>
                {t('appeals.overdueBadge')}
              </Text>
            )}
          </>
        ),
        size: 110,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'status',
        header: t('appeals.col.status'),
        Cell: ({ row }) =>
          row.original.status ? <AppealStatusBadge status={row.original.status} /> : null,
        size: 100,
      },
      {
        id: 'decide',
        header: '',
        enableSorting: false,
        Cell: ({ row }) =>
          row.original.status === 'pending' ? (
            <Button
              size="xs"
              aria-label={`${t('appeals.decide')}: ${row.original.club_name}`}
              onClick={() => onDecide(row.original)}
            >
              {t('appeals.decide')}
            </Button>
          ) : null,
        size: 100,
      },
    ],
    [locale, today, onDecide],
  );
}
