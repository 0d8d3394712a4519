/**
 * A refusal as stores and rules raise it (docs/decisions 0038): a catalogue key and its kind,
 * never an HTTP status. `http.ts` maps a kind to its status once. Besides the domain's kinds
 * (`input`, `rule`, `conflict`, `notFound`, `forbidden`), the server's own: `unauthenticated`
 * (no or a wrong login), `expired` (a link or code past its time) and `tooMany` (asked too
 * often; `retryAfterSeconds` says when to come back).
 */
import type { AccountTextKey, MessageKey, Refusal, RefusalKind } from '@puja/domain';

/** A key an answer may name: the main catalogue's, or the account catalogue's (issue 27). */
export type AnswerKey = MessageKey | AccountTextKey;

/** Every kind of refusal the server gives. */
export type RefusedKind = RefusalKind | 'unauthenticated' | 'expired' | 'tooMany';

/** A refused change or call, thrown by a store or a rule's caller. */
export class Refused extends Error {
  constructor(
    readonly key: AnswerKey,
    readonly kind: RefusedKind,
    /** For `tooMany`: when the caller may ask again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(key);
    this.name = 'Refused';
  }
}

/**
 * A domain rule's refusal, to throw.
 * @example if (!outcome.ok) throw refusedBy(outcome);
 */
export function refusedBy(refusal: Refusal): Refused {
  return new Refused(refusal.key, refusal.kind);
}
