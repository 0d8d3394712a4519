import { Modal, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FormCheck } from '@puja/domain';
import { ErrorSummary, useFormErrors, type ErrorSummaryProps } from '@puja/web-kit';
import { DialogActions } from './dialog-actions';

/**
 * A form dialog's values, checked whole by domain (decision 0032): `set(field)` changes one and
 * clears the problems it fixes, `bind(field)` gives a Mantine input its id and message (Mantine
 * ties them: aria-invalid, aria-describedby), and `submit` shows every problem at once or saves the value.
 * @example const dialog = useDialogForm('holiday', { date: '', name: '' }, checkHolidayForm, onSave);
 */
export function useDialogForm<Form extends Record<string, string>, Value>(
  name: string,
  initial: Form,
  check: (form: Form) => FormCheck<Value>,
  onSave: (value: Value) => void,
) {
  const [form, setForm] = useState(initial);
  const problems = useFormErrors(name);
  return {
    form,
    summary: problems.summary,
    set: (field: keyof Form) => (value: string) => {
      const next = { ...form, [field]: value };
      setForm(next);
      problems.recheck(check(next));
    },
    bind: (field: keyof Form & string) => problems.field(field),
    submit: (event: FormEvent) => {
      event.preventDefault();
      const checked = check(form);
      if (problems.check(checked)) onSave(checked.value);
    },
  };
}

/**
 * A staff form dialog: its title, the error summary first, the fields, then Cancel and Save (the
 * form's submit) kept in sight.
 */
export function FormDialog({
  title,
  summary,
  onSubmit,
  onClose,
  opened = true,
  children,
}: {
  title: string;
  summary: ErrorSummaryProps;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  opened?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form noValidate onSubmit={onSubmit}>
        <Stack>
          <ErrorSummary {...summary} />
          {children}
          <DialogActions onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
