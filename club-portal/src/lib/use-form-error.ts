import type { MessageKey } from '@puja/domain';
import { useState } from 'react';
import { t } from '@puja/web-kit';

export interface FormError {
  message: string;
  /** The id of the control it is about, if any. */
  fieldId: string | undefined;
}

/**
 * One form's error: shown in the error summary and beside its field, and focus moves to that
 * field (or the summary) so keyboard and screen-reader users land on it.
 */
export function useFormError(formId: string) {
  const [error, setError] = useState<FormError | null>(null);

  function show(message: string, field?: string) {
    const fieldId = field ? `${formId}-${field}` : undefined;
    setError({ message, fieldId });
    setTimeout(() => {
      const target =
        (fieldId ? document.getElementById(fieldId) : null) ??
        document.getElementById(`${formId}-summary`);
      target?.focus();
    }, 0);
  }

  return {
    error,
    /** Shows a catalogue message about a field (a domain validation result). */
    invalid: (key: MessageKey, field?: string) => show(t(key), field),
    /** Shows a text (a server's message) for the whole form. */
    failed: (message: string) => show(message),
    clear: () => setError(null),
    /** The message to show beside a field, when it is the invalid one. */
    errorFor: (field: string) => (error?.fieldId === `${formId}-${field}` ? error.message : null),
    idFor: (field: string) => `${formId}-${field}`,
    /** The error summary's props: `<ErrorSummary {...form.summary} />`. */
    summary: { id: `${formId}-summary`, message: error?.message, fieldId: error?.fieldId },
    /** The id and the message of a field, for `<TextField {...form.field('email')} … />`. */
    field: (field: string) => ({
      id: `${formId}-${field}`,
      error: error?.fieldId === `${formId}-${field}` ? error.message : null,
    }),
  };
}
