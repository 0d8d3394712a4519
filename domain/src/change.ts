import type { MessageKey } from './messages';

/**
 * What kind of refusal a rule gives, so that every caller answers it the same way (the server
 * maps a kind to an HTTP status once): `input` (the caller's data is unreadable or incomplete),
 * `rule` (a business rule forbids it now), `conflict` (someone changed it meanwhile or it is
 * already done), `notFound`, `forbidden` (not the caller's to change).
 */
export type RefusalKind = 'input' | 'rule' | 'conflict' | 'notFound' | 'forbidden';

/** Why a change is refused: a message key (both languages) and its kind. */
export interface Refusal {
  readonly ok: false;
  readonly key: MessageKey;
  readonly kind: RefusalKind;
}

/**
 * The outcome of a rule that changes something: the accepted change (its new state and the
 * event that tells what happened, e.g. `{ application, event }`), or a refusal.
 * @example const outcome: Outcome<{ n: number }> = accept({ n: 1 }); // { ok: true, n: 1 }
 */
export type Outcome<T extends object> = ({ readonly ok: true } & T) | Refusal;

/**
 * A refusal of the given kind.
 * @example refuse('review.alreadyDecided', 'conflict') // { ok: false, key: 'review.alreadyDecided', kind: 'conflict' }
 */
export function refuse(key: MessageKey, kind: RefusalKind): Refusal {
  return { ok: false, key, kind };
}

/**
 * An accepted change.
 * @example accept({ application, event: { type: 'documentApproved', item: 'chairman' } })
 */
export function accept<T extends object>(change: T): { readonly ok: true } & T {
  return { ok: true, ...change };
}
