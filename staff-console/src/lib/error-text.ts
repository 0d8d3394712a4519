import { isApiError } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { t } from './t';

/**
 * The one way the console turns a failure into words: the server's message of an ApiError (it
 * is already the catalogue text or the server's own), else the call's fallback text.
 * @example errorText(new ApiError('refused', 'Club not found.'), 'clubs.deleteFailed') // 'Club not found.'
 */
export function errorText(error: unknown, fallback: MessageKey): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return t(fallback);
}
