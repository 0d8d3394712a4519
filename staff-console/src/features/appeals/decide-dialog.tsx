import { Anchor, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { documentUrl, type ListedAppeal } from '@puja/api-client';
import {
  appealAgainstText,
  checkAppealDecisionForm,
  formatDate,
  type AppealDecisionInput,
} from '@puja/domain';
import { FormDialog } from '../../components/form-dialog';
import { ReasonField } from '../../components/reason-field';
import { useProblemForm } from '../../lib/use-field-problem';
import { t, useLocale } from '@puja/web-kit';

/**
 * The Appellate Officer decides an appeal (issue 30): the club's reason and document in view,
 * allow (the decision is set aside; a late step: within how many working days it is to be
 * decided) or dismiss (a reason required), checked by domain's `checkAppealDecisionForm`; a
 * refusal of the server stays above the fields.
 */
export function DecideAppealDialog({
  appeal,
  refusal,
  onClose,
  onConfirm,
}: {
  appeal: ListedAppeal;
  refusal: string | null;
  onClose: () => void;
  onConfirm: (input: AppealDecisionInput) => void;
}) {
  const locale = useLocale();
  const { form, choice, text, problem } = useProblemForm({
    decision: '',
    reason: '',
    days: '' as string | number,
  });
  const { decision } = form;
  return (
    <FormDialog
      title={t('appeals.dialog.title', { club: appeal.club_name })}
      refusal={refusal}
      confirmLabel={t('appeals.save')}
      onSubmit={() => {
        const checked = checkAppealDecisionForm(form, appeal.ground);
        const first = checked.ok ? null : checked.errors[0];
        const shown = problem.show(
          checked.ok || !first
            ? { ok: true as const, value: null }
            : { ok: false as const, message: first.message, field: first.field },
        );
        if (shown && checked.ok) onConfirm(checked.value);
      }}
      onClose={onClose}
    >
      <Text size="sm">
        {t('appeals.col.against')}: {appealAgainstText(appeal, locale)} · {t('appeals.col.filed')}:{' '}
        {formatDate(appeal.filed_on, locale)} · {t('appeals.col.due')}:{' '}
        {formatDate(appeal.due_on, locale)}
      </Text>
      <div>
        <Text size="sm" fw={600}>
          {t('appeals.col.reason')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {appeal.reason}
        </Text>
      </div>
      {appeal.document && (
        <Anchor href={documentUrl(appeal.document)} target="_blank" rel="noopener noreferrer">
          {t('appeals.dialog.document')}
        </Anchor>
      )}
      <Radio.Group label={t('appeals.decision.label')} {...choice('decision')} required>
        <Stack gap="xs" mt="xs">
          <Radio value="allow" label={t('appeals.decision.allow')} data-autofocus />
          <Radio value="dismiss" label={t('appeals.decision.dismiss')} />
        </Stack>
      </Radio.Group>
      {decision === 'allow' && appeal.ground === 'overdue' && (
        <NumberInput
          label={t('appeals.field.days')}
          {...choice('days')}
          min={1}
          max={60}
          required
        />
      )}
      <ReasonField
        label={t('appeals.field.reason')}
        description={t('appeals.field.reasonHint')}
        {...text('reason')}
        required={decision === 'dismiss'}
      />
    </FormDialog>
  );
}
