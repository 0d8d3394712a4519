/**
 * A whole form checked at once and the single answer derived from it (issue 22, decision 0032;
 * issue 28): the shapes every form check shares. A leaf, so a screen that checks one small form
 * (the logins) carries no other form's rules.
 */
import { fail, type Check, type ValidationResult } from './field-checks';
import type { MessageKey } from './messages';

/** One field's problem: the field (its form name) and the catalogue message shown for it. */
export interface FieldError {
  field: string;
  message: MessageKey;
}

/**
 * A whole form checked: the value, or every problem in field order with the error summary's
 * title (the spec's own text where it names one).
 */
export type FormCheck<T> =
  { ok: true; value: T } | { ok: false; summary: MessageKey; errors: FieldError[] };

/** The error summary's title when the spec names no text for the form (GOV.UK). */
export const ERROR_SUMMARY_TITLE: MessageKey = 'form.errorSummaryTitle';

/** Collects the failed checks of a form, in the order given. */
export function problemsOf(checks: readonly Check<unknown>[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const check of checks) {
    if (!check.ok && check.field !== undefined) {
      errors.push({ field: check.field, message: check.message });
    }
  }
  return errors;
}

/**
 * The first problem of a checked form, as a single answer (the server's): the summary when it is
 * the form's own text (the apply form's "Please fill all fields…"), else the first field's
 * message; with the first field.
 * @example firstProblem(checkLoginForm({})) // { ok: false, message: 'validation.emailRequired', field: 'email' }
 */
export function firstProblem<T>(check: FormCheck<T>): ValidationResult<T> {
  if (check.ok) return check;
  const first = check.errors[0]!;
  return fail(check.summary === ERROR_SUMMARY_TITLE ? first.message : check.summary, first.field);
}

export function passed<T>(value: T): FormCheck<T> {
  return { ok: true, value };
}

export function failed<T>(
  errors: FieldError[],
  summary: MessageKey = ERROR_SUMMARY_TITLE,
): FormCheck<T> {
  return { ok: false, summary, errors };
}
