import { formatMessage, type MessageKey } from '@puja/domain';

/** A catalogue text, for short JSX: `t('login.title')`. */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return formatMessage(key, params);
}
