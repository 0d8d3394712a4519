import { Button, Group } from '@mantine/core';
import { t } from '@puja/web-kit';
import classes from './dialog-actions.module.css';

/**
 * A form dialog's footer: Cancel, and Save (or the dialog's own word) submitting the form, kept
 * in sight while it scrolls.
 */
export function DialogActions({
  onCancel,
  confirmLabel,
}: {
  onCancel: () => void;
  confirmLabel?: string;
}) {
  return (
    <Group justify="flex-end" className={classes.actions}>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit">{confirmLabel ?? t('common.save')}</Button>
    </Group>
  );
}
