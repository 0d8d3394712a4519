/**
 * What the account stores check and refuse alike: a link's token of a shape we never make, an
 * e-mail address another account took while a change ran, and a code sent by SMS.
 */
import { timingSafeEqual } from 'node:crypto';
import { registrationCodeBlocker, triesLeftAfterWrong } from '@puja/domain';
import { transactionRefusingDuplicates, type Db, type Tx } from '../db/client';
import { Refused, type AnswerKey } from '../refused';

/** A link token as we make them: 43 base64url characters (256 bits). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * A token of a shape we never make names nothing: refused with `unknown` (404) before any
 * lookup.
 * @example requireTokenShape('x', 'registration.confirmInvalid') // throws Refused (notFound)
 */
export function requireTokenShape(token: string, unknown: AnswerKey): void {
  if (!TOKEN_PATTERN.test(token)) throw new Refused(unknown, 'notFound');
}

/**
 * Runs an account change in one transaction; an address another account took meanwhile (a
 * unique e-mail broken) is refused `users.emailTaken` (409).
 */
export function changeAccounts<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transactionRefusingDuplicates(db, work, () => new Refused('users.emailTaken', 'conflict'));
}

/**
 * Opens a mailed link (a registration's, an e-mail change's, an e-mail proof's): a token of a
 * shape we never make is refused with `unknown` (404) before any lookup; the change runs as
 * `changeAccounts`.
 */
export async function openLink<T>(
  db: Db,
  token: string,
  unknown: AnswerKey,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  requireTokenShape(token, unknown);
  return changeAccounts(db, work);
}

/** A code sent by SMS as it is checked: when it was sent, the wrong tries so far, both hashes. */
export interface SmsCodeTry {
  sentAtMs: number;
  wrongTries: number;
  /** The hash of the code given. */
  given: string;
  /** The hash of the code sent. */
  stored: string;
}

/**
 * Checks a code sent by SMS (docs/decisions/0034), a registration's or a new phone's: refused
 * 410 `registration.codeExpired` or 429 `registration.codeTooManyTries` (domain
 * `registrationCodeBlocker`); a wrong code is counted by `countWrong` and the tries left
 * answered. The hashes are compared in constant time.
 */
export async function checkSmsCode(
  code: SmsCodeTry,
  countWrong: () => PromiseLike<unknown>,
  nowMs = Date.now(),
): Promise<{ right: true } | { right: false; triesLeft: number }> {
  const blocker = registrationCodeBlocker(code, nowMs);
  if (blocker) {
    throw new Refused(blocker, blocker === 'registration.codeExpired' ? 'expired' : 'tooMany');
  }
  const given = Buffer.from(code.given);
  const stored = Buffer.from(code.stored);
  if (given.length === stored.length && timingSafeEqual(given, stored)) return { right: true };
  await countWrong();
  return { right: false, triesLeft: triesLeftAfterWrong(code.wrongTries) };
}
