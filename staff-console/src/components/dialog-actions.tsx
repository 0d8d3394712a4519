import { Button, Group } from '@mantine/core';
import { t } from '@puja/web-kit';

/** A form dialog's footer: Cancel, and Save submitting the form. */
export function DialogActions({ onCancel }: { onCancel: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit">{t('common.save')}</Button>
    </Group>
  );
}
