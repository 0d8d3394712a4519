import { asciiDigits } from './digits';
import { textOf } from './form-text';
import type { MessageKey } from './messages';

/**
 * The checks of single form fields that `validation.ts` (first problem) and `form-check.ts`
 * (every problem at once) share, so a field gets the same answer from both. The public rules
 * (`isEmail`, `isPhone`, `MAX_LENGTH`, …) leave the package through `validation.ts`; the
 * check helpers stay internal.
 */

/** A checked, trimmed value, or the catalogue message of the first problem and its field. */
export type ValidationResult<T> =
  { ok: true; value: T } | { ok: false; message: MessageKey; field?: string };

/** Form input as it arrives: a loose record of unknown values (mostly strings). */
export type FormInput = Readonly<Record<string, unknown>>;

/** SPEC §9: ward numbers 1 to 25. */
export const WARD_NUMBERS: readonly number[] = Array.from({ length: 25 }, (_, i) => i + 1);

/** SPEC §5/§9 hint "pdf size max 3mb", enforced for every upload. */
export const MAX_FILE_BYTES = 3 * 1024 * 1024;

/** Longest accepted text per kind of field (our limit; the spec names none). */
export const MAX_LENGTH = {
  name: 200,
  email: 254,
  phone: 25,
  address: 500,
  password: 128,
  reason: 1000,
} as const;

/** The shortest password a new account may get. */
export const MIN_PASSWORD_LENGTH = 8;

/** Whether a value is a ward number 1..25. @example isWardNumber(7) // true; isWardNumber(26) // false */
export function isWardNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 25;
}

/** One field's check. */
export type Check<T> = ValidationResult<T>;

export const ok = <T>(value: T): Check<T> => ({ ok: true, value });
export const fail = (
  message: MessageKey,
  field?: string,
): { ok: false; message: MessageKey; field?: string } =>
  field === undefined ? { ok: false, message } : { ok: false, message, field };

export function required(
  input: FormInput,
  field: string,
  max: number,
  missing: MessageKey,
): Check<string> {
  const value = textOf(input[field]);
  if (value === '') return fail(missing, field);
  if (value.length > max) return fail('validation.textTooLong', field);
  return ok(value);
}

export function optional(input: FormInput, field: string, max: number): Check<string> {
  const value = textOf(input[field]);
  return value.length > max ? fail('validation.textTooLong', field) : ok(value);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Whether a string looks like an e-mail address (a sanity check, not RFC 5322).
 * @example isEmail('club@example.org') // true; isEmail('club@') // false
 */
export function isEmail(value: string): boolean {
  return value.length <= MAX_LENGTH.email && EMAIL_PATTERN.test(value);
}

/**
 * Whether a string is a phone number: digits with an optional leading +, and the spaces,
 * dashes, dots and brackets people write landlines with; 10 to 15 digits in all.
 * @example isPhone('+91 98300-12345') // true; isPhone('(033) 2345-6789') // true; isPhone('12345') // false
 */
export function isPhone(value: string): boolean {
  if (value.length > MAX_LENGTH.phone || !/^\+?[\d ().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}

/**
 * The one spelling of an e-mail address that is stored and compared: trimmed, Unicode NFC,
 * lower case (JavaScript's full Unicode mapping, so `ΟΔΟΣ` and `οδος` or `İnci` and `i̇nci` are
 * one address; a database's `lower()` maps non-ASCII letters differently or not at all).
 * Registration, logins, password reset, Manage Users and the admin CLI all go through it.
 * @example normaliseEmail(' Club@Example.ORG ') // 'club@example.org'
 */
export function normaliseEmail(value: string): string {
  return value.trim().normalize('NFC').toLowerCase().normalize('NFC');
}

export function email(input: FormInput, field = 'email'): Check<string> {
  const value = required(input, field, MAX_LENGTH.email, 'validation.emailRequired');
  if (!value.ok) return value;
  return isEmail(value.value)
    ? ok(normaliseEmail(value.value))
    : fail('validation.emailInvalid', field);
}

/** A phone number, Bengali digits read as digits (issue 27), kept as typed otherwise. */
export function phone(input: FormInput, field: string, missing: MessageKey): Check<string> {
  const value = asciiDigits(textOf(input[field]));
  if (value === '') return fail(missing, field);
  return isPhone(value) ? ok(value) : fail('validation.phoneInvalid', field);
}

/** A ward 1–25, typed in Latin or Bengali digits. */
export function ward(input: FormInput, field: string, missing: MessageKey): Check<number> {
  const raw = asciiDigits(textOf(input[field]));
  if (raw === '') return fail(missing, field);
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  return isWardNumber(value) ? ok(value) : fail('validation.wardRange', field);
}

/** An optional number written as text (the club's govt. register no.), Bengali digits read as digits. */
export function optionalNumberText(input: FormInput, field: string): Check<string> {
  const value = optional(input, field, MAX_LENGTH.name);
  return value.ok ? ok(asciiDigits(value.value)) : value;
}

export function newPassword(input: FormInput, field = 'password'): Check<string> {
  // Passwords are not trimmed: spaces may be part of them.
  const value = typeof input[field] === 'string' ? input[field] : '';
  if (value.trim() === '') return fail('validation.passwordRequired', field);
  if (value.length < MIN_PASSWORD_LENGTH) return fail('validation.passwordTooShort', field);
  if (value.length > MAX_LENGTH.password) return fail('validation.textTooLong', field);
  return ok(value);
}
