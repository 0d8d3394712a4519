import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ReferralDetail } from '@puja/api-client';
import { formatDate, localiseDigits, type IsoDay, type WorkingCalendar } from '@puja/domain';
import { WRAPPING_CELL, type Column } from '../../components/data-table';
import { t, useLocale } from '@puja/web-kit';
import { DaysLeft, ReferralStatusBadge } from './referral-status';

/**
 * The agency desk's columns (issue 29): department (staff see every one), application no.,
 * club, ward, due date, days left, status, and Open; words of the chosen language.
 */
export function useReferralColumns(
  today: IsoDay,
  calendar: WorkingCalendar,
  withDepartment: boolean,
): Column<ReferralDetail>[] {
  const locale = useLocale();
  return useMemo<Column<ReferralDetail>[]>(() => {
    const digits = (value: string | number | null | undefined) =>
      value === null || value === undefined ? '' : localiseDigits(String(value), locale);
    // Keys or guarded functions: the grid's loading rows are empty objects.
    const columns: Column<ReferralDetail>[] = [
      {
        id: 'application',
        header: t('referrals.field.application'),
        accessorFn: (r) => r.application?.reg_no ?? '',
        Cell: ({ row }) => digits(row.original.application?.reg_no),
        size: 110,
      },
      {
        id: 'club',
        header: t('referrals.field.club'),
        accessorFn: (r) => r.application?.club_name ?? '',
        size: 170,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        id: 'ward',
        header: t('referrals.field.ward'),
        accessorFn: (r) => r.application?.puja_location_ward_no ?? 0,
        Cell: ({ row }) => digits(row.original.application?.puja_location_ward_no),
        size: 60,
      },
      {
        accessorKey: 'due_on',
        header: t('referrals.field.dueOn'),
        Cell: ({ row }) => formatDate(row.original.due_on, locale),
        size: 100,
      },
      {
        id: 'left',
        header: t('referrals.field.daysLeft'),
        enableSorting: false,
        Cell: ({ row }) => <DaysLeft referral={row.original} today={today} calendar={calendar} />,
        size: 120,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'status',
        header: t('referrals.field.status'),
        Cell: ({ row }) => <ReferralStatusBadge status={row.original.status} />,
        size: 130,
      },
      {
        id: 'open',
        header: t('common.actions'),
        enableSorting: false,
        Cell: ({ row }) => (
          <Button
            size="compact-sm"
            variant="default"
            renderRoot={(root) => (
              <Link {...root} to="/admin/referrals/$id" params={{ id: String(row.original.id) }} />
            )}
            aria-label={`${t('referrals.open')} ${row.original.application?.club_name ?? ''} ${row.original.agency_name}`}
          >
            {t('referrals.open')}
          </Button>
        ),
        size: 80,
      },
    ];
    if (!withDepartment) return columns;
    return [
      {
        accessorKey: 'agency_name',
        header: t('referrals.field.department'),
        size: 150,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      ...columns,
    ];
  }, [locale, today, calendar, withDepartment]);
}
