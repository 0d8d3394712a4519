import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ReferralDetail } from '@puja/api-client';
import { formatDate, localiseDigits, type IsoDay, type WorkingCalendar } from '@puja/domain';
import { WRAPPING_CELL, type Column } from '../../components/data-table';
import { t, useLocale } from '@puja/web-kit';
import { DaysLeft, ReferralStatusBadge } from './referral-status';

/**
 * The agency desk's columns (issue 29): application no., the club (opening the referral; staff
 * see its department under it), ward, due date, days left and status; words of the chosen
 * language, six columns to fit 1024 px.
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
    return [
      {
        id: 'application',
        header: t('referrals.field.application'),
        accessorFn: (r) => r.application?.reg_no ?? '',
        Cell: ({ row }) => digits(row.original.application?.reg_no),
        size: 90,
      },
      {
        // The club opens the referral; staff see its department under it.
        id: 'club',
        header: withDepartment
          ? `${t('referrals.field.club')} / ${t('referrals.field.department')}`
          : t('referrals.field.club'),
        accessorFn: (r) => r.application?.club_name ?? '',
        Cell: ({ row }) => (
          <>
            <Anchor
              size="sm"
              aria-label={`${row.original.application?.club_name ?? ''}: ${row.original.agency_name}`}
              renderRoot={(root) => (
                <Link
                  {...root}
                  to="/admin/referrals/$id"
                  params={{ id: String(row.original.id) }}
                />
              )}
            >
              {row.original.application?.club_name || t('applications.unknownClub')}
            </Anchor>
            {withDepartment && (
              <Text size="xs" c="dimmed">
                {row.original.agency_name}
              </Text>
            )}
          </>
        ),
        size: 170,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        id: 'ward',
        header: t('referrals.field.ward'),
        accessorFn: (r) => r.application?.puja_location_ward_no ?? 0,
        Cell: ({ row }) => digits(row.original.application?.puja_location_ward_no),
        size: 50,
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
        size: 110,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'status',
        header: t('referrals.field.status'),
        Cell: ({ row }) => <ReferralStatusBadge status={row.original.status} />,
        size: 105,
      },
    ];
  }, [locale, today, calendar, withDepartment]);
}
