import type { FormEvent, ReactNode } from 'react';
import { ErrorSummary, type useFormErrors } from '@puja/web-kit';
import { Button, type ButtonVariant } from './button';

/**
 * A club form laid out the one way (GOV.UK, decision 0032): the error summary first, then the
 * fields, then the one submit button, off while the form is busy. The browser's own checks stay
 * off: the domain's check speaks, in the summary and beside each field.
 */
export function CheckedForm({
  form,
  onSubmit,
  busy,
  submit,
  variant,
  children,
}: {
  /** The form's errors (`useFormErrors`): its summary is drawn here. */
  form: ReturnType<typeof useFormErrors>;
  onSubmit: (event: FormEvent) => unknown;
  busy: boolean;
  /** The submit button's words. */
  submit: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary {...form.summary} />
      {children}
      <Button type="submit" block disabled={busy} variant={variant}>
        {submit}
      </Button>
    </form>
  );
}
