import {
  email,
  fail,
  MAX_LENGTH,
  ok,
  phone,
  required,
  type Check,
  type FormInput,
  type ValidationResult,
} from './field-checks';
import { ERROR_SUMMARY_TITLE, type FieldError, type FormCheck } from './form-check';

/** A club account's new e-mail address, with the current password that allows it. */
export interface EmailChange {
  new_email: string;
  current_password: string;
}

/** A club account's new phone, with the current password that allows it. */
export interface PhoneChange {
  new_phone: string;
  current_password: string;
}

/** An admin hands a club's account over to a new e-mail address, saying why. */
export interface HandOver {
  email: string;
  reason: string;
}

/** The current password an account change asks for again (not trimmed: spaces may be in it). */
function currentPassword(input: FormInput): Check<string> {
  const value = typeof input.current_password === 'string' ? input.current_password : '';
  if (value.trim() === '') return fail('changePassword.currentRequired', 'current_password');
  if (value.length > MAX_LENGTH.password) return fail('validation.textTooLong', 'current_password');
  return ok(value);
}

/** Both checks passed: the value; else every problem, in field order (decision 0032). */
function both<A, B, T>(first: Check<A>, second: Check<B>, value: (a: A, b: B) => T): FormCheck<T> {
  if (first.ok && second.ok) return { ok: true, value: value(first.value, second.value) };
  const errors: FieldError[] = [];
  for (const check of [first, second]) {
    if (!check.ok && check.field !== undefined) {
      errors.push({ field: check.field, message: check.message });
    }
  }
  return { ok: false, summary: ERROR_SUMMARY_TITLE, errors };
}

/** A form check's first problem, as the server answers it (one message, 400). */
function firstProblem<T>(checked: FormCheck<T>): ValidationResult<T> {
  if (checked.ok) return checked;
  const [first] = checked.errors;
  return first
    ? { ok: false, message: first.message, field: first.field }
    : { ok: false, message: 'validation.invalidRequest' };
}

/**
 * Issue 27: a club changes its e-mail address: a valid new address (normalised) and the
 * current password, every problem at once.
 * @example checkEmailChangeForm({}).errors.map((e) => e.field) // ['new_email', 'current_password']
 */
export function checkEmailChangeForm(input: FormInput): FormCheck<EmailChange> {
  return both(email(input, 'new_email'), currentPassword(input), (new_email, current_password) => ({
    new_email,
    current_password,
  }));
}

/**
 * The server's check of an e-mail change (`checkEmailChangeForm`'s first problem).
 * @example validateEmailChange({ new_email: 'x', current_password: 'p' }) // { ok: false, message: 'validation.emailInvalid', field: 'new_email' }
 */
export function validateEmailChange(input: FormInput): ValidationResult<EmailChange> {
  return firstProblem(checkEmailChangeForm(input));
}

/**
 * Issue 27: a club changes its phone: a valid phone number and the current password.
 * @example checkPhoneChangeForm({ current_password: 'p' }).errors // [{ field: 'new_phone', message: 'validation.phoneRequired' }]
 */
export function checkPhoneChangeForm(input: FormInput): FormCheck<PhoneChange> {
  return both(
    phone(input, 'new_phone', 'validation.phoneRequired'),
    currentPassword(input),
    (new_phone, current_password) => ({ new_phone, current_password }),
  );
}

/**
 * The server's check of a phone change (`checkPhoneChangeForm`'s first problem).
 * @example validatePhoneChange({ new_phone: '', current_password: 'p' }) // { ok: false, message: 'validation.phoneRequired', field: 'new_phone' }
 */
export function validatePhoneChange(input: FormInput): ValidationResult<PhoneChange> {
  return firstProblem(checkPhoneChangeForm(input));
}

/**
 * Issue 27: the hand-over form: a valid new address and a reason (as a release's).
 * @example checkHandOverForm({ email: 'new@club.in', reason: '' }).ok // false
 */
export function checkHandOverForm(input: FormInput): FormCheck<HandOver> {
  return both(
    email(input, 'email'),
    required(input, 'reason', MAX_LENGTH.reason, 'clubs.releaseReasonRequired'),
    (address, reason) => ({ email: address, reason }),
  );
}

/** The server's check of a hand-over (`checkHandOverForm`'s first problem). */
export function validateHandOver(input: FormInput): ValidationResult<HandOver> {
  return firstProblem(checkHandOverForm(input));
}
