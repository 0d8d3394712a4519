import type { AccountTextKey, MessageKey } from '@puja/domain';

/** A key an answer may name: the main catalogue's, or the account catalogue's (issue 27). */
export type AnswerKey = MessageKey | AccountTextKey;

/** A refusal with its HTTP status and the catalogue message the client shows. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: AnswerKey,
    /** Extra answer headers (Retry-After of a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}
