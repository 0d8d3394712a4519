/**
 * What the account stores refuse alike: a link's token of a shape we never make, and an e-mail
 * address another account took while a change ran.
 */
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
