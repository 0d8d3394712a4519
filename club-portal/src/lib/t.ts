import { currentLocale, localeStore } from '@puja/api-client';
import { formatMessage, type Locale, type MessageKey } from '@puja/domain';
import { useStore } from 'zustand';

/** A catalogue text in the chosen language, for short JSX: `t('login.title')`. */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return formatMessage(key, params, currentLocale());
}

/**
 * The chosen language; a component calling it renders again when the language changes. Every
 * page and the layout call it, so a switch re-renders every text without a reload.
 */
export function useLocale(): Locale {
  return useStore(localeStore, (state) => state.locale);
}
