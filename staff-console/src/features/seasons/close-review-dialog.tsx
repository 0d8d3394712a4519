import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { validateReviewCloseReason, type OpenApplications } from '@puja/domain';
import { t } from '@puja/web-kit';
import { OpenApplicationsSummary } from './open-applications';

/**
 * "Close the review of {year}" (issue 27): what the season still has open, by step, what
 * closing does, and the reason the affected clubs are mailed; the confirm button stays disabled
 * while the reason is empty. A refusal of the server stays in the dialog.
 */
export function CloseReviewDialog({
  year,
  open,
  refusal,
  onClose,
  onConfirm,
}: {
  year: number;
  open: OpenApplications | undefined;
  refusal: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const checked = validateReviewCloseReason(reason);
  const title = t('seasons.closeReview', { year });
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (checked.ok) onConfirm(checked.value);
        }}
      >
        <Stack>
          {refusal !== null && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <OpenApplicationsSummary year={year} open={open} />
          <Text>{t('seasons.closeReviewText', { year })}</Text>
          <Textarea
            label={t('seasons.closeReviewReason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={tried && !checked.ok ? t(checked.message) : undefined}
            autosize
            minRows={3}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red.9">
              {t('seasons.closeReviewConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
