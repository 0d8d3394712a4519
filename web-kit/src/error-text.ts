import { isApiError, type Outcome } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { t } from './t';

/** The catalogue's text for a key the server sent, unless it needs values only the server has. */
function catalogueText(key: MessageKey | undefined): string | null {
  if (key === undefined) return null;
  const text = t(key);
  return /\{\w+\}/.test(text) ? null : text;
}

/**
 * The text a screen shows for a failed call: the catalogue's text for the server's key when it
 * sent one (so the words are ours, in the user's language), else the server's own message, else
 * the screen's fallback.
 * @example errorText(new ApiError('refused', 'x', { messageKey: 'clubs.deleteInUse' }), 'clubs.deleteFailed')
 */
export function errorText(error: unknown, fallback: MessageKey): string {
  if (isApiError(error)) {
    const text = catalogueText(error.messageKey);
    if (text !== null) return text;
    if (error.message.trim() !== '') return error.message;
  }
  return t(fallback);
}

/**
 * The text of a successful call's answer: the catalogue's text for its key, else the server's.
 * @example outcomeText(await registerClub(payload)) // 'Registration successful!'
 */
export function outcomeText(outcome: Outcome): string {
  return catalogueText(outcome.messageKey) ?? outcome.message;
}
