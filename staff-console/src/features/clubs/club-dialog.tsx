import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { validateClubName } from '@puja/domain';
import { t } from '@puja/web-kit';

/** SPEC §2 Add New Club / Edit Club: the club name, required (SPEC §5). */
export function ClubDialog({
  opened,
  initialName,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** null: adding a new club. */
  initialName: string | null;
  onClose: () => void;
  onSave: (clubname: string) => void;
}) {
  const [name, setName] = useState(initialName ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(initialName === null ? 'clubs.add' : 'clubs.edit')}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = validateClubName(name);
          if (!checked.ok) {
            setProblem(t(checked.message));
            return;
          }
          onSave(checked.value);
        }}
      >
        <TextInput
          label={t('registration.field.club')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblem(null);
          }}
          error={problem}
          required
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('common.save')}</Button>
        </Group>
      </form>
    </Modal>
  );
}
