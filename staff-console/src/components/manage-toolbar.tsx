import { ActionIcon, Button, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { MRT_RowData } from 'mantine-react-table';
import type { ComponentProps, ReactNode } from 'react';
import { t } from '@puja/web-kit';
import { DataTable } from './data-table';

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
export function ManageToolbar(props: ManageToolbarProps) {
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
 * A management page (SPEC §2 Manage Clubs, Manage Users): the toolbar, the numbered table and
 * the page's dialogs (children).
 */
export function ManagePage<T extends MRT_RowData>({
  toolbar,
  table,
  children,
}: {
  toolbar: ManageToolbarProps;
  table: Omit<ComponentProps<typeof DataTable<T>>, 'numbered'>;
  children: ReactNode;
}) {
  return (
    <Stack>
      <ManageToolbar {...toolbar} />
      <DataTable numbered {...table} />
      {children}
    </Stack>
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
