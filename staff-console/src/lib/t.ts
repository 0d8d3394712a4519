import { formatMessage, isMessageKey, type MessageKey } from '@puja/domain';

/**
 * The catalogue text for a key, placeholders filled in (the console's one way to show text).
 * A key built from data that is not in the catalogue (a role the server invented, the grid's
 * placeholder rows) shows as itself rather than breaking the screen.
 */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return isMessageKey(key) ? formatMessage(key, params) : String(key ?? '');
}
