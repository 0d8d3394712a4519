import type { FieldError, FormCheck, MessageKey } from '@puja/domain';
import { useState } from 'react';
import type { ErrorSummaryProps } from './error-summary';
import { notify } from './notify';
import { said, type Said } from './said';
import { t } from './t';

interface Shown {
  title: MessageKey;
  fields: readonly FieldError[];
  /** A problem of the whole form (a server's answer), read at render (`said`). */
  text: Said | null;
  attempt: number;
}

/** The props a control gets to tie it to its message (GOV.UK: aria-invalid, aria-describedby). */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A form's problems, all at once (decision 0032): `check` takes a domain `FormCheck` on submit
 * and shows its every problem in the error summary (focused) and beside each field; `failed`
 * shows a server's answer for the whole form; the next submit starts afresh. Texts are read in
 * the chosen language at render, so a language switch re-reads them. Its toasts go by the form's
 * name too (`withToast(steps, call, { form: formId })`), and a new submit closes its error.
 * A one-field form (`{ untitled: true }`) shows its one message in the summary without a title.
 * The one error display of both apps (issue 28).
 * @example const form = useFormErrors('register'); if (!form.check(checkRegistrationForm(input))) return;
 */
export function useFormErrors(formId: string, options: { untitled?: boolean } = {}) {
  const [shown, setShown] = useState<Shown | null>(null);
  const idFor = (field: string) => `${formId}-${field}`;
  const errorIdFor = (field: string) => `${idFor(field)}-error`;
  const messageOf = (field: string) => shown?.fields.find((e) => e.field === field)?.message;

  function show(next: Omit<Shown, 'attempt'>) {
    setShown((current) => ({ ...next, attempt: (current?.attempt ?? 0) + 1 }));
  }

  return {
    /** Shows every problem of a checked form; true when the form is fine (problems cleared). */
    check<T>(result: FormCheck<T>): result is { ok: true; value: T } {
      // A new submit is the next action on the form: its earlier error toast goes.
      notify.dismissForm(formId);
      if (result.ok) {
        setShown(null);
        return true;
      }
      show({ title: result.summary, fields: result.errors, text: null });
      return false;
    },
    /**
     * After a change, the form checked again: a field's shown problem goes as soon as the field
     * is fixed (issue 27), with the summary's line for it; nothing new is shown while typing (the
     * next submit does that) and the summary keeps its place without taking the focus.
     * @example onChange: form.recheck(checkLoginForm(next))
     */
    recheck<T>(result: FormCheck<T>): void {
      setShown((current) => {
        if (current === null || current.fields.length === 0) return current;
        const stillWrong = result.ok
          ? []
          : current.fields.filter((shownError) =>
              result.errors.some((e) => e.field === shownError.field),
            );
        if (stillWrong.length === current.fields.length) return current;
        if (stillWrong.length === 0 && current.text === null) return null;
        return { ...current, fields: stillWrong };
      });
    },
    /**
     * Shows a problem of the whole form (a server's answer): words, or how to say them
     * (`() => errorText(error, fallback)`), which a switch of language re-reads.
     */
    failed(text: Said, title: MessageKey = 'form.errorSummaryTitle') {
      show({ title, fields: [], text });
    },
    clear: () => setShown(null),
    /** Whether any problem is shown. */
    hasErrors: shown !== null,
    idFor,
    /** The message beside a field, in the chosen language, or null. */
    errorFor(field: string): string | null {
      const message = messageOf(field);
      return message === undefined ? null : t(message);
    },
    /** A field's id and message, for `<TextField {...form.field('email')} … />`. */
    field(field: string): { id: string; error: string | null } {
      const message = messageOf(field);
      return { id: idFor(field), error: message === undefined ? null : t(message) };
    },
    /** aria-invalid and aria-describedby for a control (plus a hint's id when it has one). */
    controlProps(field: string, hintId?: string): ControlProps {
      const invalid = messageOf(field) !== undefined;
      const describedBy = [hintId, invalid ? errorIdFor(field) : undefined].filter(Boolean);
      return {
        id: idFor(field),
        'aria-invalid': invalid ? true : undefined,
        'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
      };
    },
    errorIdFor,
    /** The error summary's props: put `<ErrorSummary {...form.summary} />` first in the form. */
    summary: {
      id: `${formId}-summary`,
      title: shown && !options.untitled ? t(shown.title) : '',
      entries: shown
        ? [
            ...(shown.text === null ? [] : [{ text: said(shown.text) }]),
            ...shown.fields.map((e) => ({ text: t(e.message), fieldId: idFor(e.field) })),
          ]
        : [],
      focusKey: shown?.attempt,
    } satisfies ErrorSummaryProps,
  };
}
