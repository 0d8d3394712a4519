import { useState } from 'react';
import type { MessageKey } from '@puja/domain';
import { t } from '@puja/web-kit';

/**
 * A dialog's one problem from a domain check (`{ ok: false, message, field }`): its text beside
 * the field it names, read in the chosen language at render; cleared as the user types.
 * @example const problem = useFieldProblem(); if (!problem.show(validateAgency(form))) return;
 */
export function useFieldProblem() {
  const [shown, setShown] = useState<{ field: string | undefined; message: MessageKey } | null>(
    null,
  );
  return {
    /** Shows a failed check's problem; true when the check passed. */
    show<T>(
      checked: { ok: true; value: T } | { ok: false; message: MessageKey; field?: string },
    ): checked is { ok: true; value: T } {
      setShown(checked.ok ? null : { field: checked.field, message: checked.message });
      return checked.ok;
    },
    clear: () => setShown(null),
    /** The problem's text when it belongs to this field. */
    errorOf: (field: string) => (shown?.field === field ? t(shown.message) : undefined),
  };
}

/** The fields of a form that hold text. */
type TextField<Form> = { [K in keyof Form]: Form[K] extends string ? K : never }[keyof Form] &
  string;

/**
 * A dialog's values with its one problem (`useFieldProblem`): `set(field)` changes one (null:
 * emptied) and clears the problem; `text(field)` binds a text input whole (its value, its changes
 * and the problem when it is this field's), `choice(field)` an input that hands over its value
 * (a radio group, a select, a day or number field) the same way.
 * @example const { form, text, problem } = useProblemForm({ reason: '' }); <ReasonField {...text('reason')} />
 */
export function useProblemForm<Form extends Record<string, unknown>>(initial: Form) {
  const [form, setForm] = useState(initial);
  const problem = useFieldProblem();
  const set =
    (field: keyof Form) =>
    (value: Form[keyof Form] | null): void => {
      setForm((old) => ({ ...old, [field]: value ?? '' }));
      problem.clear();
    };
  return {
    form,
    problem,
    set,
    choice: <Field extends keyof Form & string>(field: Field) => ({
      value: form[field],
      onChange: set(field),
      error: problem.errorOf(field),
    }),
    text: (field: TextField<Form>) => ({
      value: form[field] as string,
      onChange: (event: { currentTarget: { value: string } }) =>
        set(field)(event.currentTarget.value as Form[keyof Form]),
      error: problem.errorOf(field),
    }),
  };
}
