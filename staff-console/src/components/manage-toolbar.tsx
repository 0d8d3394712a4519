import { Button, Group, TextInput, Title } from '@mantine/core';

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
