import { Button, Group } from '@mantine/core';
import { t } from '@puja/web-kit';
import classes from './dialog-actions.module.css';

/** A form dialog's footer: Cancel, and Save submitting the form, kept in sight while it scrolls. */
export function DialogActions({ onCancel }: { onCancel: () => void }) {
  return (
    <Group justify="flex-end" className={classes.actions}>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit">{t('common.save')}</Button>
    </Group>
  );
}
