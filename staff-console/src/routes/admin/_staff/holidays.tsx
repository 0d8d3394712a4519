import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { addHoliday, deleteHoliday, importHolidays, updateHoliday } from '@puja/api-client';
import {
  formatDate,
  formatWeekday,
  localiseDigits,
  municipalDay,
  type Holiday,
} from '@puja/domain';
import { DataTable, WRAPPING_CELL, type Column } from '../../../components/data-table';
import { ConfirmDelete, EditDeleteActions } from '../../../components/manage-toolbar';
import { HolidayDialog } from '../../../features/holidays/holiday-dialog';
import { ImportHolidaysDialog } from '../../../features/holidays/import-dialog';
import { HOLIDAYS_KEY, holidaysQuery } from '../../../features/holidays/queries';
import { useChange } from '../../../lib/use-change';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

/** The open dialog: adding or importing, or editing or deleting a listed holiday. */
type Dialog = { kind: 'add' | 'import' } | { kind: 'edit' | 'delete'; holiday: Holiday } | null;

/** The year the screen opens on: the municipality's current year. */
const thisYear = () => Number(municipalDay(Date.now()).slice(0, 4));

export const Route = createFileRoute('/admin/_staff/holidays')({
  loader: ({ context }) => context.queryClient.ensureQueryData(holidaysQuery(thisYear())),
  component: HolidaysPage,
});

/**
 * Issue 30 Holidays (admin): the days the statutory clock skips, by year; add, edit the names,
 * delete, and import the state's list as pasted. Every change is audited by the server.
 */
function HolidaysPage() {
  const locale = useLocale();
  usePageTitle(t('holidays.title'));
  const [year, setYear] = useState(thisYear);
  const { data: holidays } = useQuery(holidaysQuery(year));
  const change = useChange([HOLIDAYS_KEY]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const years = [thisYear() - 1, thisYear(), thisYear() + 1];

  const columns = useMemo<Column<Holiday>[]>(
    () => [
      {
        id: 'date',
        header: t('holidays.field.date'),
        accessorFn: (holiday) => holiday.date,
        Cell: ({ row }) => formatDate(row.original.date, locale),
        size: 100,
      },
      {
        id: 'day',
        header: t('holidays.field.day'),
        accessorFn: (holiday) => holiday.date,
        // Drawn per language (the grid keeps an accessor's value across a language switch).
        Cell: ({ row }) => formatWeekday(row.original.date, locale),
        enableSorting: false,
        size: 100,
      },
      {
        accessorKey: 'name',
        header: t('holidays.field.name'),
        size: 180,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        id: 'name_bn',
        header: t('holidays.field.nameBn'),
        accessorFn: (holiday) => holiday.name_bn ?? '',
        Cell: ({ row }) => <span lang="bn">{row.original.name_bn ?? ''}</span>,
        size: 180,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        enableSorting: false,
        size: 80,
        Cell: ({ row }) => <HolidayActions holiday={row.original} onOpen={setDialog} />,
      },
    ],
    // The headers are words of the chosen language: a switch rebuilds them.
    [locale],
  );

  async function save(holiday: Holiday) {
    const editing = dialog?.kind === 'edit';
    setDialog(null);
    await change(
      {
        loading: editing ? 'holidays.updateLoading' : 'holidays.addLoading',
        failure: 'holidays.saveFailed',
      },
      () => (editing ? updateHoliday(holiday) : addHoliday(holiday)),
    );
  }

  async function remove(holiday: Holiday) {
    setDialog(null);
    await change({ loading: 'holidays.deleteLoading', failure: 'holidays.saveFailed' }, () =>
      deleteHoliday(holiday.date),
    );
  }

  async function importList(text: string) {
    setDialog(null);
    await change(
      { loading: 'holidays.importLoading', failure: 'holidays.saveFailed' },
      async () => {
        const done = await importHolidays(text);
        // The counts are the news: the text is composed here, in the chosen language.
        return { message: t('holidays.imported', done), messageKey: undefined };
      },
    );
  }

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('holidays.title')}</Title>
        <Group>
          <Button variant="default" onClick={() => setDialog({ kind: 'import' })}>
            {t('holidays.import')}
          </Button>
          <Button onClick={() => setDialog({ kind: 'add' })}>{t('holidays.add')}</Button>
        </Group>
      </Group>
      <Text size="sm" maw={720}>
        {t('holidays.intro')}
      </Text>
      <Select
        label={t('holidays.year')}
        data={years.map((value) => ({
          value: String(value),
          label: localiseDigits(String(value), locale),
        }))}
        value={String(year)}
        onChange={(value) => value && setYear(Number(value))}
        allowDeselect={false}
        maw={160}
      />
      <DataTable
        numbered
        columns={columns}
        data={holidays ?? []}
        loading={holidays === undefined}
        emptyText={t('holidays.empty')}
        getRowId={(holiday) => holiday.date}
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <HolidayDialog
          holiday={dialog.kind === 'edit' ? dialog.holiday : null}
          onClose={() => setDialog(null)}
          onSave={(holiday) => void save(holiday)}
        />
      )}
      {dialog?.kind === 'import' && (
        <ImportHolidaysDialog
          listed={holidays ?? []}
          onClose={() => setDialog(null)}
          onImport={(text) => void importList(text)}
        />
      )}
      <ConfirmDelete
        row={dialog?.kind === 'delete' ? dialog.holiday : null}
        question={t('holidays.deleteConfirm')}
        onCancel={() => setDialog(null)}
        onDelete={(holiday) => void remove(holiday)}
      />
    </Stack>
  );
}

/** A row's Edit and Delete, named with the holiday's date for screen readers. */
function HolidayActions({
  holiday,
  onOpen,
}: {
  holiday: Holiday;
  onOpen: (dialog: Dialog) => void;
}) {
  const locale = useLocale();
  return (
    <EditDeleteActions
      name={formatDate(holiday.date, locale)}
      onEdit={() => onOpen({ kind: 'edit', holiday })}
      onDelete={() => onOpen({ kind: 'delete', holiday })}
    />
  );
}
