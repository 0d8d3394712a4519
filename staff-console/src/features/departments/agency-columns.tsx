import { ActionIcon, Badge, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatWards, localiseDigits, type Agency } from '@puja/domain';
import { WRAPPING_CELL, type Column } from '../../components/data-table';
import { t, useLocale } from '@puja/web-kit';
import { APPROVED_COLOR } from '../../components/status-badge';

/** What a row's buttons open. */
export interface AgencyActions {
  onEdit: (agency: Agency) => void;
  onToggle: (agency: Agency) => void;
}

/**
 * The Departments table's columns (issue 29), six to fit 1024 px: name with its kind, wards
 * ("All wards" when none), how it replies (online or by letter, days, deemed approval), e-mail
 * and phone, active with Activate/Deactivate, and Edit; words of the chosen language.
 */
export function useAgencyColumns(actions: AgencyActions): Column<Agency>[] {
  const locale = useLocale();
  return useMemo<Column<Agency>[]>(() => {
    const digits = (value: string | number) => localiseDigits(String(value), locale);
    // Keys, not functions, for the values: the grid's loading rows are empty objects.
    return [
      {
        accessorKey: 'name',
        header: t('agencies.field.name'),
        Cell: ({ row }) => (
          <>
            <Text size="sm">{row.original.name}</Text>
            <Text size="xs" c="dimmed">
              {t(`agencies.kind.${row.original.kind}`)}
            </Text>
          </>
        ),
        size: 170,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'wards',
        header: t('agencies.field.wards'),
        Cell: ({ row }) =>
          row.original.wards.length === 0
            ? t('agencies.allWards')
            : digits(formatWards(row.original.wards)),
        enableSorting: false,
        size: 80,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'mode',
        header: t('agencies.field.mode'),
        Cell: ({ row }) => (
          <>
            <Text size="sm">{t(`agencies.mode.${row.original.mode}`)}</Text>
            <Text size="xs">{t('agencies.days', { days: row.original.days })}</Text>
            {row.original.deemed_approval && (
              <Text size="xs" c="dimmed">
                {t('agencies.field.deemed')}
              </Text>
            )}
          </>
        ),
        size: 130,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        id: 'contact',
        enableSorting: false,
        header: `${t('agencies.field.email')} / ${t('agencies.field.phone')}`,
        accessorKey: 'email',
        Cell: ({ row }) => (
          <Text size="sm">
            {row.original.email ?? ''}
            {row.original.email && row.original.phone ? <br /> : null}
            {row.original.phone ? digits(row.original.phone) : ''}
          </Text>
        ),
        size: 160,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'active',
        header: t('agencies.field.active'),
        Cell: ({ row }) => <ActiveCell agency={row.original} actions={actions} />,
        size: 110,
      },
      {
        id: 'actions',
        header: t('common.edit'),
        enableSorting: false,
        size: 60,
        Cell: ({ row }) => (
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('common.edit')} ${row.original.name}`}
              onClick={() => actions.onEdit(row.original)}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        ),
      },
    ];
  }, [locale, actions]);
}

/** Whether the department is active, and the button that switches it, named for readers. */
function ActiveCell({ agency, actions }: { agency: Agency; actions: AgencyActions }) {
  const toggle = t(agency.active ? 'agencies.deactivate' : 'agencies.activate');
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="outline" color={agency.active ? APPROVED_COLOR : 'gray.8'}>
        {t(agency.active ? 'agencies.yes' : 'agencies.no')}
      </Badge>
      <Button
        size="compact-xs"
        variant="default"
        aria-label={`${toggle} ${agency.name}`}
        onClick={() => actions.onToggle(agency)}
      >
        {toggle}
      </Button>
    </Stack>
  );
}
