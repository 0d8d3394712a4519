import { isApiError } from '@puja/api-client';
import { formatMessage, type MessageKey } from '@puja/domain';

/**
 * The words to show for a failure: the server's message (already the spec's fallback text when
 * the server gave none, SPEC §8), or the fallback for anything that is not an API error.
 * @example errorText(error, 'login.failed')
 */
export function errorText(error: unknown, fallback: MessageKey): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return formatMessage(fallback);
}
