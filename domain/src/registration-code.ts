/**
 * A club's registration confirmed by a one-time code sent by SMS to the club's phone (issue 23,
 * docs/decisions/0034), instead of the mailed link when SMS is configured: the rules of the
 * code, shared by the server (which enforces them) and the club portal (which shows them).
 */
import { asciiDigits } from './digits';
import type { MessageKey } from './messages';
import type { ValidationResult } from './field-checks';

/** The code's rules: six digits, ten minutes, five tries, a new one after a minute. */
export const REGISTRATION_CODE = {
  digits: 6,
  /** A code works this long after it was sent. */
  ttlSeconds: 10 * 60,
  /** Wrong codes allowed per code sent; then only a new code helps. */
  maxTries: 5,
  /** A new code may be asked this long after the last one was sent. */
  resendAfterSeconds: 60,
} as const;

/**
 * A code as the club typed it: spaces and dashes dropped, Bengali digits read as digits; six
 * digits or `registration.codeFormat`.
 * @example validateRegistrationCode(' 123 456 ') // { ok: true, value: '123456' }
 * @example validateRegistrationCode('১২৩৪৫৬') // { ok: true, value: '123456' }
 * @example validateRegistrationCode('12345') // { ok: false, message: 'registration.codeFormat' }
 */
export function validateRegistrationCode(input: unknown): ValidationResult<string> {
  const typed = typeof input === 'string' || typeof input === 'number' ? String(input) : '';
  const digits = asciiDigits(typed.replace(/[\s-]/g, ''));
  const pattern = new RegExp(`^\\d{${REGISTRATION_CODE.digits}}$`);
  return pattern.test(digits)
    ? { ok: true, value: digits }
    : { ok: false, message: 'registration.codeFormat' };
}

/**
 * A number drawn uniformly from 0 to 999999 written as the six-digit code (leading zeros kept).
 * @example formatRegistrationCode(42) // '000042'
 */
export function formatRegistrationCode(drawn: number): string {
  return String(Math.trunc(drawn) % 10 ** REGISTRATION_CODE.digits).padStart(
    REGISTRATION_CODE.digits,
    '0',
  );
}

/** Where a pending registration's code stands: when it was sent and the wrong tries so far. */
export interface RegistrationCodeState {
  sentAtMs: number;
  wrongTries: number;
}

/**
 * Why a code may not be checked at all now, or null: five wrong tries used it up
 * (`registration.codeTooManyTries`), or its ten minutes are over (`registration.codeExpired`).
 * Both say: ask for a new code.
 */
export function registrationCodeBlocker(
  state: RegistrationCodeState,
  nowMs: number,
): MessageKey | null {
  if (state.wrongTries >= REGISTRATION_CODE.maxTries) return 'registration.codeTooManyTries';
  if (nowMs - state.sentAtMs >= REGISTRATION_CODE.ttlSeconds * 1000) {
    return 'registration.codeExpired';
  }
  return null;
}

/**
 * The tries left once a wrong code has been counted (0: ask for a new code).
 * @example triesLeftAfterWrong(0) // 4
 */
export function triesLeftAfterWrong(wrongTriesBefore: number): number {
  return Math.max(0, REGISTRATION_CODE.maxTries - wrongTriesBefore - 1);
}

/**
 * Whole seconds before a new code may be asked for (0: now).
 * @example resendWaitSeconds(0, 45_000) // 15
 */
export function resendWaitSeconds(sentAtMs: number, nowMs: number): number {
  const left = REGISTRATION_CODE.resendAfterSeconds * 1000 - (nowMs - sentAtMs);
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
