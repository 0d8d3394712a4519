import { validateWithdrawalReason } from '@puja/domain';
import { FormDialog } from '../../components/form-dialog';
import { ReasonField } from '../../components/reason-field';
import { useProblemForm } from '../../lib/use-field-problem';
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
  const { form, text, problem } = useProblemForm({ reason: '' });
  return (
    <FormDialog
      title={t('referrals.withdrawTitle', { department })}
      refusal={refusal}
      confirmLabel={t('referrals.withdraw')}
      onSubmit={() => {
        const checked = validateWithdrawalReason(form);
        if (problem.show(checked)) onConfirm(checked.value);
      }}
      onClose={onClose}
    >
      <ReasonField
        label={t('referrals.field.reason')}
        {...text('reason')}
        required
        data-autofocus
      />
    </FormDialog>
  );
}
