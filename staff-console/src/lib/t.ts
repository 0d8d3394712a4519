import { formatMessage, type MessageKey } from '@puja/domain';

/** The catalogue text for a key, placeholders filled in (the console's one way to show text). */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return formatMessage(key, params);
}
