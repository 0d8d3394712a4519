import { Select, Text, TextInput } from '@mantine/core';
import {
  checkServiceStandardForm,
  standardStepLabel,
  type ServiceStandard,
  type StaffUser,
  type StandardChange,
} from '@puja/domain';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { t, useLocale } from '@puja/web-kit';

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
  const { form, set, bind, text, submit, summary } = useDialogForm(
    'standard',
    {
      days: String(standard.days),
      appellate_user_id:
        standard.appellate_user_id === null ? '' : String(standard.appellate_user_id),
    },
    (form) =>
      checkServiceStandardForm(
        { step: standard.step, agency_id: standard.agency_id, ...form },
        candidates,
      ),
    onSave,
  );

  return (
    <FormDialog
      title={t('standards.edit', { step: standardStepLabel(standard, locale) })}
      summary={summary}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('standards.field.days')}
        inputMode="numeric"
        {...text('days')}
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
    </FormDialog>
  );
}
