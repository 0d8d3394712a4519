/**
 * The login forms (club and official) and forgot password, each checked whole and its first
 * problem derived (form-core.ts): a leaf the login pages carry alone.
 */
import {
  MAX_LENGTH,
  fail,
  normaliseEmail,
  ok,
  required,
  type Check,
  type FormInput,
  type ValidationResult,
} from './field-checks';
import { failed, firstProblem, passed, problemsOf, type FormCheck } from './form-core';
import type { LoginPayload } from './validation';

/**
 * SPEC §5 login, both fields at once (the rules of `validateLogin`).
 * @example checkLoginForm({}).errors.map((e) => e.message) // ['validation.emailRequired', 'validation.passwordRequired']
 */
export function checkLoginForm(input: FormInput): FormCheck<LoginPayload> {
  const mail = required(input, 'email', MAX_LENGTH.email, 'validation.emailRequired');
  const raw = typeof input.password === 'string' ? input.password : '';
  const password: Check<string> =
    raw === ''
      ? fail('validation.passwordRequired', 'password')
      : raw.length > MAX_LENGTH.password
        ? fail('validation.textTooLong', 'password')
        : ok(raw);
  if (mail.ok && password.ok) {
    return passed({ email: normaliseEmail(mail.value), password: password.value });
  }
  return failed(problemsOf([mail, password]));
}

/**
 * SPEC §5 login's first problem (club and official): email and password required; no other
 * rule (a wrong value is simply a failed login).
 * @example validateLogin({ email: 'a@b.in', password: '' }) // { ok: false, message: 'validation.passwordRequired', field: 'password' }
 */
export function validateLogin(input: FormInput): ValidationResult<LoginPayload> {
  return firstProblem(checkLoginForm(input));
}

/**
 * SPEC §5 forgot password: only "email required". Any other address (or, issue 23, a mobile
 * number) is accepted so that the answer never reveals whether an account exists.
 * @example checkForgotPasswordForm({ email: ' ' }).ok // false
 */
export function checkForgotPasswordForm(input: FormInput): FormCheck<{ email: string }> {
  const mail = required(input, 'email', MAX_LENGTH.email, 'forgotPassword.emailRequired');
  return mail.ok ? passed({ email: normaliseEmail(mail.value) }) : failed(problemsOf([mail]));
}

/**
 * The forgot-password form's answer (the server's): 400 only when blank.
 * @example validateForgotPassword({ email: ' ' }) // { ok: false, message: 'forgotPassword.emailRequired', field: 'email' }
 */
export function validateForgotPassword(input: FormInput): ValidationResult<{ email: string }> {
  return firstProblem(checkForgotPasswordForm(input));
}
