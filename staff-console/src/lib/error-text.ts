import { isApiError } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { t } from './t';

/**
 * The one way the console turns a failure into words: the catalogue text of the ApiError's key
 * (the server's `code`, or the call's fallback), else the server's own message, else `fallback`.
 * @example errorText(new ApiError('refused', 'x', { messageKey: 'clubs.deleteInUse' }), 'clubs.deleteFailed')
 */
export function errorText(error: unknown, fallback: MessageKey): string {
  if (!isApiError(error)) return t(fallback);
  if (error.messageKey !== undefined) return t(error.messageKey);
  return error.message.trim() !== '' ? error.message : t(fallback);
}
