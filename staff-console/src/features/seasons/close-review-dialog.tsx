import { Text } from '@mantine/core';
import { useState } from 'react';
import { validateReviewCloseReason, type OpenApplications } from '@puja/domain';
import { t } from '@puja/web-kit';
import { FormDialog } from '../../components/form-dialog';
import { ReasonField } from '../../components/reason-field';
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
  return (
    <FormDialog
      title={t('seasons.closeReview', { year })}
      refusal={refusal}
      size="lg"
      confirmLabel={t('seasons.closeReviewConfirm')}
      confirmColor="red.9"
      sticky={false}
      onSubmit={() => {
        setTried(true);
        if (checked.ok) onConfirm(checked.value);
      }}
      onClose={onClose}
    >
      <OpenApplicationsSummary year={year} open={open} />
      <Text>{t('seasons.closeReviewText', { year })}</Text>
      <ReasonField
        label={t('seasons.closeReviewReason')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={tried && !checked.ok ? t(checked.message) : undefined}
        required
        data-autofocus
      />
    </FormDialog>
  );
}
