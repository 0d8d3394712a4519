import type { InputHTMLAttributes } from 'react';
import { Field } from './field';

/**
 * What each kind of field asks of the browser: its keyboard on a phone and its autofill (WCAG
 * 1.3.5 identify input purpose), written once for every form that has such a field.
 */
const KINDS = {
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  newPassword: { type: 'password', autoComplete: 'new-password' },
  code: { type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric' },
} as const satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange'
> {
  /** The control's id (the error summary links to it). */
  id: string;
  label: string;
  /** Hint under the label (GOV.UK pattern). */
  hint?: string | undefined;
  /** The message beside the field when it is the invalid one. */
  error?: string | null | undefined;
  value: string;
  onValueChange: (value: string) => void;
  /** The kind of value (e-mail, phone, password, one-time code): its type, keyboard, autofill. */
  kind?: keyof typeof KINDS;
}

/**
 * A labelled one-line input with its hint and error (Field around an `<input>`); `kind` sets its
 * type, keyboard and autofill, and every other attribute goes to the input.
 * @example <TextField {...form.field('email')} label={t('login.field.email')} kind="email" value={email} onValueChange={setEmail} />
 */
export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onValueChange,
  className,
  kind,
  ...input
}: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          {...(kind ? KINDS[kind] : {})}
          {...input}
          className={className ? `${control.className} ${className}` : control.className}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
