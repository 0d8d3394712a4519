import { currentLocale, localeStore } from '@puja/api-client';
import { formatMessage, isMessageKey, type Locale, type MessageKey } from '@puja/domain';
import { useStore } from 'zustand';

/**
 * The catalogue text for a key in the chosen language, placeholders filled in (the console's one
 * way to show text). A key built from data that is not in the catalogue (a role the server
 * invented, the grid's placeholder rows) shows as itself rather than breaking the screen.
 */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return isMessageKey(key) ? formatMessage(key, params, currentLocale()) : String(key ?? '');
}

/**
 * The chosen language; a component calling it renders again when the language changes. Every
 * screen and the layout call it, so a switch re-renders every text without a reload.
 */
export function useLocale(): Locale {
  return useStore(localeStore, (state) => state.locale);
}
