import { ActionIcon, Button, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { MRT_RowData } from 'mantine-react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { t } from '@puja/web-kit';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, type Column } from './data-table';

interface ManageToolbarProps {
  /** The page heading. */
  title: string;
  /** The add button's text. */
  addLabel: string;
  onAdd: () => void;
  /** The search box's label and placeholder. */
  searchLabel: string;
  query: string;
  onQueryChange: (query: string) => void;
}

/** The top of a management table: heading, the add action, and the search box. */
function ManageToolbar(props: ManageToolbarProps) {
  return (
    <>
      <Group justify="space-between">
        <Title order={1}>{props.title}</Title>
        <Button onClick={props.onAdd}>{props.addLabel}</Button>
      </Group>
      <TextInput
        aria-label={props.searchLabel}
        placeholder={props.searchLabel}
        value={props.query}
        onChange={(event) => props.onQueryChange(event.currentTarget.value)}
        maw={320}
      />
    </>
  );
}

/**
 * A management page (SPEC §2 Manage Clubs, Manage Users): the toolbar, the numbered table of the
 * rows that match the search box (`search`, the screen's domain rule) and the page's dialogs
 * (children). Its words are its catalogue namespace's: `title`, `add`, `search` and `empty`.
 */
export function ManagePage<T extends MRT_RowData & { id: number }>({
  texts,
  rows,
  search,
  columns,
  onAdd,
  children,
}: {
  texts: 'clubs' | 'users';
  /** Every row; undefined while they load. */
  rows: T[] | undefined;
  search: (rows: T[], query: string) => T[];
  columns: Column<T>[];
  onAdd: () => void;
  children: ReactNode;
}) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => search(rows ?? [], query), [search, rows, query]);
  return (
    <Stack>
      <ManageToolbar
        title={t(`${texts}.title`)}
        addLabel={t(`${texts}.add`)}
        onAdd={onAdd}
        searchLabel={t(`${texts}.search`)}
        query={query}
        onQueryChange={setQuery}
      />
      <DataTable
        numbered
        columns={columns}
        data={shown}
        loading={rows === undefined}
        emptyText={t(`${texts}.empty`)}
        getRowId={(row) => String(row.id)}
      />
      {children}
    </Stack>
  );
}

/** A management page's "delete it?" question about `row` (closed while null), answered Delete. */
export function ConfirmDelete<T>({
  row,
  question,
  onCancel,
  onDelete,
}: {
  row: T | null;
  question: string;
  onCancel: () => void;
  onDelete: (row: T) => void;
}) {
  return (
    <ConfirmDialog
      opened={row !== null}
      question={question}
      confirmLabel={t('common.delete')}
      onCancel={onCancel}
      onConfirm={() => row !== null && onDelete(row)}
    />
  );
}

/** A management row's edit and delete icons, each named with the row (`name`). */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
  editDisabled = false,
  deleteDisabled = false,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  editDisabled?: boolean;
  deleteDisabled?: boolean;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('common.edit')}>
        <ActionIcon
          variant="subtle"
          aria-label={`${t('common.edit')} ${name}`}
          disabled={editDisabled}
          onClick={onEdit}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t('common.delete')} ${name}`}
          disabled={deleteDisabled}
          onClick={onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
