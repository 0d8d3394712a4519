import {
  email,
  fail,
  MAX_LENGTH,
  ok,
  phone,
  type FormInput,
  type ValidationResult,
} from './field-checks';
import { validateReleaseReason } from './validation';

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

/** The current password an account change asks for again (not trimmed: spaces may be in it). */
function currentPassword(input: FormInput) {
  const value = typeof input.current_password === 'string' ? input.current_password : '';
  if (value.trim() === '') return fail('changePassword.currentRequired', 'current_password');
  if (value.length > MAX_LENGTH.password) return fail('validation.textTooLong', 'current_password');
  return ok(value);
}

/**
 * Issue 27: a club changes its e-mail address: a valid new address (normalised) and the current
 * password.
 * @example validateEmailChange({ new_email: 'x', current_password: 'p' }) // { ok: false, message: 'validation.emailInvalid', field: 'new_email' }
 */
export function validateEmailChange(input: FormInput): ValidationResult<EmailChange> {
  const mail = email(input, 'new_email');
  if (!mail.ok) return mail;
  const current = currentPassword(input);
  return current.ok ? ok({ new_email: mail.value, current_password: current.value }) : current;
}

/**
 * Issue 27: a club changes its phone: a valid phone number and the current password.
 * @example validatePhoneChange({ new_phone: '', current_password: 'p' }) // { ok: false, message: 'validation.phoneRequired', field: 'new_phone' }
 */
export function validatePhoneChange(input: FormInput): ValidationResult<PhoneChange> {
  const tel = phone(input, 'new_phone', 'validation.phoneRequired');
  if (!tel.ok) return tel;
  const current = currentPassword(input);
  return current.ok ? ok({ new_phone: tel.value, current_password: current.value }) : current;
}

/** An admin hands a club's account over to a new e-mail address, saying why. */
export interface HandOver {
  email: string;
  reason: string;
}

/**
 * Issue 27: the hand-over form: a valid new address and a reason (as a release's).
 * @example validateHandOver({ email: 'new@club.in', reason: '' }).ok // false
 */
export function validateHandOver(input: FormInput): ValidationResult<HandOver> {
  const mail = email(input, 'email');
  if (!mail.ok) return mail;
  const reason = validateReleaseReason(input.reason);
  if (!reason.ok) return reason;
  return ok({ email: mail.value, reason: reason.value });
}
