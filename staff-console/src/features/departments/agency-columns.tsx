import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMemo } from 'react';
import { localiseDigits, type Agency } from '@puja/domain';
import { WRAPPING_CELL, type Column } from '../../components/data-table';
import { t, useLocale } from '@puja/web-kit';

/** What a row's buttons open. */
export interface AgencyActions {
  onEdit: (agency: Agency) => void;
  onToggle: (agency: Agency) => void;
}

/**
 * The Departments table's columns (issue 29): name, kind, wards ("All wards" when none), how it
 * replies, days, deemed approval, e-mail and phone, active, and the row's Edit and
 * Activate/Deactivate; words of the chosen language, rebuilt on a switch.
 */
export function useAgencyColumns(actions: AgencyActions): Column<Agency>[] {
  const locale = useLocale();
  return useMemo<Column<Agency>[]>(() => {
    const digits = (value: string | number) => localiseDigits(String(value), locale);
    const yesNo = (value: boolean) => t(value ? 'agencies.yes' : 'agencies.no');
    // Keys, not functions, for the values: the grid's loading rows are empty objects.
    return [
      {
        accessorKey: 'name',
        header: t('agencies.field.name'),
        size: 170,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'kind',
        header: t('agencies.field.kind'),
        Cell: ({ row }) => t(`agencies.kind.${row.original.kind}`),
        size: 100,
      },
      {
        accessorKey: 'wards',
        header: t('agencies.field.wards'),
        Cell: ({ row }) =>
          row.original.wards.length === 0
            ? t('agencies.allWards')
            : digits(row.original.wards.join(', ')),
        enableSorting: false,
        size: 110,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'mode',
        header: t('agencies.field.mode'),
        Cell: ({ row }) => t(`agencies.mode.${row.original.mode}`),
        size: 90,
      },
      {
        accessorKey: 'days',
        header: t('agencies.field.days'),
        Cell: ({ row }) => digits(row.original.days),
        size: 70,
      },
      {
        accessorKey: 'deemed_approval',
        header: t('agencies.field.deemed'),
        Cell: ({ row }) => yesNo(row.original.deemed_approval),
        size: 80,
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
        size: 170,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'active',
        header: t('agencies.field.active'),
        Cell: ({ row }) => (
          <Badge variant="outline" color={row.original.active ? 'teal.9' : 'gray.8'}>
            {yesNo(row.original.active)}
          </Badge>
        ),
        size: 80,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        enableSorting: false,
        size: 150,
        Cell: ({ row }) => <Actions agency={row.original} actions={actions} />,
      },
    ];
  }, [locale, actions]);
}

/** A row's Edit and Activate/Deactivate, named with the department for screen readers. */
function Actions({ agency, actions }: { agency: Agency; actions: AgencyActions }) {
  const toggle = t(agency.active ? 'agencies.deactivate' : 'agencies.activate');
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('common.edit')}>
        <ActionIcon
          variant="subtle"
          aria-label={`${t('common.edit')} ${agency.name}`}
          onClick={() => actions.onEdit(agency)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Button
        size="compact-xs"
        variant="default"
        aria-label={`${toggle} ${agency.name}`}
        onClick={() => actions.onToggle(agency)}
      >
        {toggle}
      </Button>
    </Group>
  );
}
