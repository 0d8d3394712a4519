import { Button, Group, Modal, Text } from '@mantine/core';
import { t } from '@puja/web-kit';

/** A yes/no question before a destructive action (delete confirmations of SPEC §2). */
export function ConfirmDialog({
  opened,
  question,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  question: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={t('common.confirmTitle')} centered>
      <Text>{question}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red.9" onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
