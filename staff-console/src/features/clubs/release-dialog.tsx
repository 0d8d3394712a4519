import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { validateReleaseReason, type Club } from '@puja/domain';
import { t } from '@puja/web-kit';
import { ReasonField } from '../../components/reason-field';

/**
 * Releasing a club's registration (decision 0028) says what it does and asks why: the reason is
 * kept with the withdrawn account and application, and mailed to the account holder.
 */
export function ReleaseDialog({
  club,
  onCancel,
  onRelease,
}: {
  /** The club to release; null: closed. */
  club: Club | null;
  onCancel: () => void;
  onRelease: (club: Club, reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const checked = validateReleaseReason(reason);
  const reset = () => {
    setReason('');
    setTried(false);
  };
  return (
    <Modal
      opened={club !== null}
      onClose={() => {
        reset();
        onCancel();
      }}
      title={club ? `${t('clubs.release')}: ${club.clubname}` : ''}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!checked.ok || !club) return;
          reset();
          onRelease(club, checked.value);
        }}
      >
        <Text mb="md">{t('clubs.releaseConfirm')}</Text>
        <ReasonField
          label={t('clubs.releaseReason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tried && !checked.ok ? t(checked.message) : undefined}
          data-autofocus
          required
        />
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            onClick={() => {
              reset();
              onCancel();
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9">
            {t('clubs.release')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
