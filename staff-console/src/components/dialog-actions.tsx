import { Button, Group, type MantineColor } from '@mantine/core';
import { t } from '@puja/web-kit';
import classes from './dialog-actions.module.css';

export interface DialogActionsProps {
  onCancel: () => void;
  /** The submit button's word; Save when none. */
  confirmLabel?: string;
  /** The submit button's colour (red for what cannot be taken back); the theme's when none. */
  confirmColor?: MantineColor;
  /** Kept in sight at the dialog's bottom while a long form scrolls (true when not said). */
  sticky?: boolean;
}

/**
 * A form dialog's footer: Cancel, and Save (or the dialog's own word) submitting the form, kept
 * in sight while it scrolls.
 */
export function DialogActions({
  onCancel,
  confirmLabel,
  confirmColor,
  sticky = true,
}: DialogActionsProps) {
  return (
    <Group justify="flex-end" className={sticky ? classes.actions : undefined}>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" color={confirmColor}>
        {confirmLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
