import { Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { checkHolidayForm, type Holiday } from '@puja/domain';
import { DialogActions } from '../../components/dialog-actions';
import { DayField } from '../../components/day-field';
import { ErrorSummary, t, useFormErrors } from '@puja/web-kit';

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
  const [form, setForm] = useState({
    date: holiday?.date ?? '',
    name: holiday?.name ?? '',
    name_bn: holiday?.name_bn ?? '',
  });
  const problems = useFormErrors('holiday');
  const set = (field: keyof typeof form) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    problems.recheck(checkHolidayForm(next));
  };
  const bind = (field: keyof typeof form) => ({
    id: problems.idFor(field),
    error: problems.errorFor(field),
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(holiday === null ? 'holidays.add' : 'holidays.edit')}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = checkHolidayForm(form);
          if (problems.check(checked)) onSave(checked.value);
        }}
      >
        <Stack>
          <ErrorSummary {...problems.summary} />
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
            value={form.name}
            onChange={(event) => set('name')(event.currentTarget.value)}
            {...bind('name')}
            required
            data-autofocus={holiday !== null}
          />
          <TextInput
            label={t('holidays.field.nameBn')}
            lang="bn"
            value={form.name_bn}
            onChange={(event) => set('name_bn')(event.currentTarget.value)}
            {...bind('name_bn')}
          />
          <DialogActions onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
