import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { validateRejectionReason, type MessageKey } from '@puja/domain';
import { t } from '@puja/web-kit';
import { ReasonField } from '../../components/reason-field';

/**
 * SPEC §5: a rejection needs a reason; the confirm button stays disabled while it is empty.
 * `subject` names what is rejected (the document, or the final decision).
 */
export function RejectReasonModal({
  opened,
  subject,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  subject: string;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const checked = validateRejectionReason(reason);
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`${t('review.reject')}: ${subject}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!checked.ok) return;
          setReason('');
          onConfirm(checked.value);
        }}
      >
        <RejectionReasonField
          reason={reason}
          problem={checked.ok ? null : checked.message}
          onChange={setReason}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" disabled={!checked.ok}>
            {t('review.reject')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/**
 * A rejection's reason (SPEC §5), required: its problem shows once something is typed (an empty
 * reason only keeps the confirm button disabled). Autofocused in its dialog.
 */
export function RejectionReasonField({
  reason,
  problem,
  onChange,
}: {
  reason: string;
  problem: MessageKey | null;
  onChange: (reason: string) => void;
}) {
  return (
    <>
      <ReasonField
        label={t('review.rejectionReason')}
        value={reason}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-autofocus
        required
      />
      {problem !== null && reason !== '' && (
        <Text c="red" size="sm" mt={4}>
          {t(problem)}
        </Text>
      )}
    </>
  );
}
