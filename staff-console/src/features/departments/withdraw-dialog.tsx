import { Alert, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { validateWithdrawalReason } from '@puja/domain';
import { DialogActions } from '../../components/dialog-actions';
import { useFieldProblem } from '../../lib/use-field-problem';
import { t } from '@puja/web-kit';

/**
 * Admin withdraws a referral (issue 29) with a reason (domain's `validateWithdrawalReason`); a
 * refusal of the server stays above the field.
 */
export function WithdrawDialog({
  department,
  refusal,
  onClose,
  onConfirm,
}: {
  department: string;
  refusal: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const problem = useFieldProblem();
  return (
    <Modal opened onClose={onClose} title={t('referrals.withdrawTitle', { department })} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = validateWithdrawalReason({ reason });
          if (problem.show(checked)) onConfirm(checked.value);
        }}
      >
        <Stack>
          {refusal !== null && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Textarea
            label={t('referrals.field.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              problem.clear();
            }}
            error={problem.errorOf('reason')}
            autosize
            minRows={3}
            required
            data-autofocus
          />
          <DialogActions onCancel={onClose} confirmLabel={t('referrals.withdraw')} />
        </Stack>
      </form>
    </Modal>
  );
}
