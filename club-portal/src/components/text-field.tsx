import type { InputHTMLAttributes } from 'react';
import { Field } from './field';

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
}

/**
 * A labelled one-line input with its hint and error (Field around an `<input>`); every other
 * attribute (type, autoComplete, inputMode…) goes to the input.
 * @example <TextField {...form.field('email')} label={t('login.field.email')} type="email" value={email} onValueChange={setEmail} />
 */
export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onValueChange,
  className,
  ...input
}: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          {...input}
          className={className ? `${control.className} ${className}` : control.className}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
