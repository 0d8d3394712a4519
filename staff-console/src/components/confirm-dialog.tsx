import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '@puja/web-kit';

/** A yes/no question before a destructive action (delete confirmations of SPEC §2). */
export function ConfirmDialog({
  opened,
  question,
  confirmLabel,
  onCancel,
  onConfirm,
  children,
}: {
  opened: boolean;
  question: string;
  /** What else the question needs to be answered (shown under it). */
  children?: ReactNode;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={t('common.confirmTitle')} centered>
      <Stack>
        <Text>{question}</Text>
        {children}
      </Stack>
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
