import { ActionIcon, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { updateServiceStandard } from '@puja/api-client';
import {
  appellateLabel,
  designatedRoleKey,
  standardDaysLabel,
  standardStepLabel,
  type ServiceStandard,
  type StandardChange,
} from '@puja/domain';
import { DataTable, WRAPPING_CELL, type Column } from '../../../components/data-table';
import { StandardDialog } from '../../../features/service-standards/standard-dialog';
import {
  SERVICE_STANDARDS_KEY,
  serviceStandardsQuery,
} from '../../../features/service-standards/queries';
import { usersQuery } from '../../../features/users/queries';
import { useChange } from '../../../lib/use-change';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/service-standards')({
  loader: ({ context }) => context.queryClient.ensureQueryData(serviceStandardsQuery()),
  component: ServiceStandardsPage,
});

/** A row's id: the step, or the department of a referral. */
const rowId = (standard: ServiceStandard) =>
  standard.agency_id === null ? standard.step : `referral-${standard.agency_id}`;

/**
 * Issue 30 Service standards (admin): every step's working days, who decides it and who hears
 * its appeals; Edit changes the days and the Appellate Officer, for steps that start afterwards.
 * Every change is audited by the server.
 */
function ServiceStandardsPage() {
  const locale = useLocale();
  usePageTitle(t('standards.title'));
  const { data: standards } = useQuery(serviceStandardsQuery());
  const { data: users } = useQuery(usersQuery());
  const change = useChange([SERVICE_STANDARDS_KEY]);
  const [editing, setEditing] = useState<ServiceStandard | null>(null);

  const columns = useMemo<Column<ServiceStandard>[]>(
    () => [
      {
        id: 'step',
        header: t('standards.field.step'),
        accessorFn: (standard) => standardStepLabel(standard),
        // Drawn per language (the grid keeps an accessor's value across a language switch).
        Cell: ({ row }) => standardStepLabel(row.original, locale),
        size: 220,
        mantineTableBodyCellProps: WRAPPING_CELL,
        enableSorting: false,
      },
      {
        id: 'days',
        header: t('standards.field.days'),
        accessorFn: (standard) => standard.days,
        Cell: ({ row }) => standardDaysLabel(row.original.days, locale),
        size: 120,
      },
      {
        id: 'designated',
        header: t('standards.field.designated'),
        accessorFn: (standard) => standard.designated_role,
        Cell: ({ row }) => t(designatedRoleKey(row.original.designated_role)),
        size: 140,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        id: 'appellate',
        header: t('standards.field.appellate'),
        accessorFn: (standard) => standard.appellate_name ?? '',
        Cell: ({ row }) => appellateLabel(row.original, locale),
        size: 160,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        enableSorting: false,
        size: 70,
        Cell: ({ row }) => (
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('common.edit')} ${standardStepLabel(row.original, locale)}`}
              onClick={() => setEditing(row.original)}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        ),
      },
    ],
    // The headers and cells are words of the chosen language: a switch rebuilds them.
    [locale],
  );

  async function save(standard: StandardChange) {
    setEditing(null);
    await change({ loading: 'standards.saving', failure: 'standards.saveFailed' }, () =>
      updateServiceStandard(standard),
    );
  }

  return (
    <Stack>
      <Title order={1}>{t('standards.title')}</Title>
      <Text size="sm" maw={720}>
        {t('standards.intro')} {t('standards.reviewingOfficer')}
      </Text>
      <DataTable
        columns={columns}
        data={standards ?? []}
        loading={standards === undefined}
        emptyText={t('standards.empty')}
        getRowId={rowId}
      />
      {editing !== null && (
        <StandardDialog
          standard={editing}
          users={users ?? []}
          onClose={() => setEditing(null)}
          onSave={(standard) => void save(standard)}
        />
      )}
    </Stack>
  );
}
