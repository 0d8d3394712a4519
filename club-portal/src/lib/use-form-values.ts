import { useState } from 'react';
import type { FormCheck } from '@puja/domain';
import type { useFormErrors } from '@puja/web-kit';

/**
 * A club form's text values, and each field's props in one call: its id and shown problem (from
 * `form`), its value and the change that keeps it. Given `recheck` (the form's domain check), the
 * form is checked again after every change, so a fixed field's problem goes at once (issue 27).
 * @example const fields = useFormValues(form, { email: '' }, checkLoginForm);
 *   <TextField {...fields.field('email')} label={t('login.field.email')} kind="email" />
 */
export function useFormValues<V extends Record<string, string>>(
  form: ReturnType<typeof useFormErrors>,
  initial: V,
  recheck?: (values: V) => FormCheck<unknown>,
) {
  const [values, setValues] = useState(initial);
  function set(next: V) {
    setValues(next);
    if (recheck) form.recheck(recheck(next));
  }
  return {
    values,
    set,
    /** Back to the values the form started with (after a change went through). */
    reset: () => setValues(initial),
    field: (name: keyof V & string) => ({
      ...form.field(name),
      value: values[name],
      onValueChange: (value: string) => set({ ...values, [name]: value }),
    }),
  };
}

/** What `useFormValues` gives, for a part of a form drawn by its own component. */
export type FormValues<V extends Record<string, string>> = ReturnType<typeof useFormValues<V>>;
