import { Button, Group, Modal, Text } from '@mantine/core';
import { t } from '@puja/web-kit';

/**
 * Approving a document the clerk has not opened asks once (domain's
 * `approvalNeedsConfirmation`): open it now, or approve it as it is.
 */
export function UnopenedApprovalDialog({
  document,
  onOpen,
  onApprove,
  onClose,
}: {
  /** The document's name, or null while no approval waits for confirmation. */
  document: string | null;
  onOpen: () => void;
  onApprove: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={t('review.confirmUnopened.title')}
      centered
    >
      <Text>{t('review.confirmUnopened.text', { document: document ?? '' })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="outline" onClick={onOpen} data-autofocus>
          {t('review.confirmUnopened.open')}
        </Button>
        <Button color="teal.9" onClick={onApprove}>
          {t('review.confirmUnopened.approve')}
        </Button>
      </Group>
    </Modal>
  );
}
