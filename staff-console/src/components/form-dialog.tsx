import { Alert, Modal, Stack, type ModalProps } from '@mantine/core';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import type { FormCheck } from '@puja/domain';
import { ErrorSummary, useFormErrors, type ErrorSummaryProps } from '@puja/web-kit';
import { DialogActions, type DialogActionsProps } from './dialog-actions';

/**
 * A form dialog's values, checked whole by domain (decision 0032): `set(field)` changes one and
 * clears the problems it fixes, `bind(field)` gives a Mantine input its id and message (Mantine
 * ties them: aria-invalid, aria-describedby), `text(field)` binds a text input whole (its value,
 * its changes and its message), and `submit` shows every problem at once or saves the value.
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
  const set = (field: keyof Form) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    problems.recheck(check(next));
  };
  const bind = (field: keyof Form & string) => problems.field(field);
  return {
    form,
    summary: problems.summary,
    set,
    bind,
    text: (field: keyof Form & string) => ({
      value: form[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(field)(event.currentTarget.value),
      ...bind(field),
    }),
    submit: () => {
      const checked = check(form);
      if (problems.check(checked)) onSave(checked.value);
    },
  };
}

/**
 * A staff form dialog: its title, the error summary (a form checked whole) or the server's
 * refusal of the last save first, the fields, then Cancel and Save (or the dialog's own word:
 * the form's submit) kept in sight. The browser's own checks are off: domain's rules speak.
 */
export function FormDialog({
  title,
  summary,
  refusal = null,
  size,
  onSubmit,
  onClose,
  opened = true,
  children,
  ...actions
}: {
  title: string;
  summary?: ErrorSummaryProps;
  /** The server's refusal of the last save, kept above the fields. */
  refusal?: string | null;
  size?: ModalProps['size'];
  onSubmit: () => void;
  onClose: () => void;
  opened?: boolean;
  children: ReactNode;
} & Omit<DialogActionsProps, 'onCancel'>) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          {summary && <ErrorSummary {...summary} />}
          {refusal !== null && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          {children}
          <DialogActions onCancel={onClose} {...actions} />
        </Stack>
      </form>
    </Modal>
  );
}
