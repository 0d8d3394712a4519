import { TextInput } from '@mantine/core';
import { checkHolidayForm, type Holiday } from '@puja/domain';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { DayField } from '../../components/day-field';
import { t } from '@puja/web-kit';

/**
 * Adding a holiday, or its names (the day is its key, so editing keeps the day): every problem
 * at once in a focused summary and beside its field, checked by domain before anything is sent.
 */
export function HolidayDialog({
  holiday,
  onClose,
  onSave,
}: {
  /** null: adding a new holiday. */
  holiday: Holiday | null;
  onClose: () => void;
  onSave: (holiday: Holiday) => void;
}) {
  const { form, set, bind, text, submit, summary } = useDialogForm(
    'holiday',
    { date: holiday?.date ?? '', name: holiday?.name ?? '', name_bn: holiday?.name_bn ?? '' },
    checkHolidayForm,
    onSave,
  );

  return (
    <FormDialog
      title={t(holiday === null ? 'holidays.add' : 'holidays.edit')}
      summary={summary}
      onSubmit={submit}
      onClose={onClose}
    >
      <DayField
        label={t('holidays.field.date')}
        value={form.date}
        onChange={set('date')}
        {...bind('date')}
        disabled={holiday !== null}
        required
        data-autofocus={holiday === null}
      />
      <TextInput
        label={t('holidays.field.name')}
        {...text('name')}
        required
        data-autofocus={holiday !== null}
      />
      <TextInput label={t('holidays.field.nameBn')} lang="bn" {...text('name_bn')} />
    </FormDialog>
  );
}
