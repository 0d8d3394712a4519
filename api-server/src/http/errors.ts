import type { AnswerKey } from '../refused';

export type { AnswerKey } from '../refused';

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
