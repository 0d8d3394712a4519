import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  checkServiceStandardForm,
  standardStepLabel,
  type ServiceStandard,
  type StaffUser,
  type StandardChange,
} from '@puja/domain';
import { DialogActions } from '../../components/dialog-actions';
import { ErrorSummary, t, useLocale, useFormErrors } from '@puja/web-kit';

/** The staff users who may hear appeals: admin, store and chairman (not department officers). */
function candidatesOf(users: readonly StaffUser[]) {
  return users.filter((user) => user.role !== 'agency');
}

/**
 * Editing a step's standard: its working days and its Appellate Officer (empty: the chairman).
 * Every problem at once in a focused summary and beside its field, checked by domain first.
 */
export function StandardDialog({
  standard,
  users,
  onClose,
  onSave,
}: {
  standard: ServiceStandard;
  users: readonly StaffUser[];
  onClose: () => void;
  onSave: (change: StandardChange) => void;
}) {
  const locale = useLocale();
  const candidates = candidatesOf(users);
  const [form, setForm] = useState({
    days: String(standard.days),
    appellate_user_id:
      standard.appellate_user_id === null ? '' : String(standard.appellate_user_id),
  });
  const problems = useFormErrors('standard');
  const fields = (next: typeof form) => ({
    step: standard.step,
    agency_id: standard.agency_id,
    ...next,
  });
  const set = (field: keyof typeof form) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    problems.recheck(checkServiceStandardForm(fields(next), candidates));
  };
  const bind = (field: keyof typeof form) => ({
    id: problems.idFor(field),
    error: problems.errorFor(field),
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('standards.edit', { step: standardStepLabel(standard, locale) })}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = checkServiceStandardForm(fields(form), candidates);
          if (problems.check(checked)) onSave(checked.value);
        }}
      >
        <Stack>
          <ErrorSummary {...problems.summary} />
          <TextInput
            label={t('standards.field.days')}
            inputMode="numeric"
            value={form.days}
            onChange={(event) => set('days')(event.currentTarget.value)}
            {...bind('days')}
            required
            maw={160}
            data-autofocus
          />
          <Select
            label={t('standards.field.appellate')}
            description={t('standards.field.appellateHint')}
            placeholder={t('standards.appellateDefault')}
            data={candidates.map((user) => ({
              value: String(user.id),
              label: `${user.name} (${t(`role.${user.role}`)})`,
            }))}
            value={form.appellate_user_id === '' ? null : form.appellate_user_id}
            onChange={(value) => set('appellate_user_id')(value ?? '')}
            {...bind('appellate_user_id')}
            clearable
            searchable
          />
          <Text size="sm" c="dimmed">
            {t('standards.intro')}
          </Text>
          <DialogActions onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
