import type { MessageKey } from '@puja/domain';

/** A refusal with its HTTP status and the catalogue message the client shows. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}
