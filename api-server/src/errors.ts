import type { MessageKey } from '@puja/domain';

/** A refusal with its HTTP status and the catalogue message the client shows. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    /** Extra answer headers (Retry-After of a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}
