import { FileInput, Radio, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  REFERRAL_DECISIONS,
  validateReferralDecision,
  validateReferralLetter,
  type IsoDay,
  type ReferralDecision,
  type ReferralLetterInput,
} from '@puja/domain';
import type { ReferralDecisionInput } from '@puja/api-client';
import { DayField } from '../../components/day-field';
import { FormDialog } from '../../components/form-dialog';
import { ReasonField } from '../../components/reason-field';
import { useProblemForm } from '../../lib/use-field-problem';
import { t } from '@puja/web-kit';

/** What the dialog sends: a decision, and for a letter its date and scanned file. */
export type DecisionSent =
  | { kind: 'decide'; input: ReferralDecisionInput }
  | {
      kind: 'record';
      input: ReferralDecisionInput & { reference_no: string; letter_date: string; letter: Blob };
    };

/**
 * A department's decision (issue 29): approve (reference no. optional), approve with conditions
 * (one a line, ≤ 200 characters each), object or reject (a reason). Recording an offline
 * department's letter (`letterOn`: today) asks besides for its reference no., date and scan.
 * Checked by domain's rules first; a refusal of the server stays above the fields.
 */
export function DecisionDialog({
  id,
  title,
  letterOn,
  refusal,
  onClose,
  onSave,
}: {
  id: number;
  title: string;
  /** Recording a letter: today, the latest day it may carry. */
  letterOn?: IsoDay;
  refusal: string | null;
  onClose: () => void;
  onSave: (sent: DecisionSent) => void;
}) {
  const { form, choice, text, problem } = useProblemForm({
    decision: '' as ReferralDecision | '',
    reference_no: '',
    conditions: '',
    reason: '',
    letter_date: '',
  });
  const [letter, setLetter] = useState<File | null>(null);

  function submit() {
    if (letterOn === undefined) {
      const checked = validateReferralDecision(form);
      if (problem.show(checked)) onSave({ kind: 'decide', input: sent(id, checked.value) });
      return;
    }
    const checked = validateReferralLetter(form, letterOn);
    if (!problem.show(checked)) return;
    if (letter === null) {
      problem.show({ ok: false, message: 'referrals.letterRequired', field: 'letter' });
      return;
    }
    const value: ReferralLetterInput = checked.value;
    onSave({
      kind: 'record',
      input: {
        ...sent(id, value),
        reference_no: value.reference_no,
        letter_date: value.letter_date,
        letter,
      },
    });
  }

  const { decision } = form;
  return (
    <FormDialog title={title} refusal={refusal} size="lg" onSubmit={submit} onClose={onClose}>
      <Radio.Group label={t('referrals.field.decision')} {...choice('decision')} required>
        <Stack gap="xs" mt="xs">
          {REFERRAL_DECISIONS.map((value) => (
            <Radio key={value} value={value} label={t(`referrals.decision.${value}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {decision === 'conditions' && (
        <ReasonField
          label={t('referrals.field.conditions')}
          description={t('referrals.field.conditionsHint')}
          required
          {...text('conditions')}
        />
      )}
      {(decision === 'object' || decision === 'reject') && (
        <ReasonField label={t('referrals.field.reason')} required {...text('reason')} />
      )}
      <TextInput
        label={t('referrals.field.referenceNo')}
        required={letterOn !== undefined}
        {...text('reference_no')}
      />
      {letterOn !== undefined && (
        <>
          <DayField label={t('referrals.field.letterDate')} {...choice('letter_date')} required />
          <FileInput
            label={t('referrals.field.letter')}
            accept="image/jpeg,image/png,application/pdf"
            value={letter}
            onChange={(file) => {
              setLetter(file);
              problem.clear();
            }}
            error={problem.errorOf('letter')}
            clearable
            required
          />
        </>
      )}
    </FormDialog>
  );
}

/** A checked decision as the calls take it. */
function sent(
  id: number,
  value: {
    decision: ReferralDecision;
    conditions: string[];
    reason: string | null;
    reference_no: string | null;
  },
): ReferralDecisionInput {
  return {
    id,
    decision: value.decision,
    conditions: value.conditions,
    ...(value.reason === null ? {} : { reason: value.reason }),
    ...(value.reference_no === null ? {} : { reference_no: value.reference_no }),
  };
}
