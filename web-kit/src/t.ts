import { useEffect } from 'react';
import { currentLocale, localeStore } from '@puja/api-client';
import { formatMessage, isMessageKey, type Locale, type MessageKey } from '@puja/domain';
import { useStore } from 'zustand';

/**
 * A catalogue text in the chosen language, placeholders filled in: `t('login.title')`. A key
 * built from data that is not in the catalogue (a role the server invented) shows as itself
 * rather than breaking the screen.
 * @example t('clubDashboard.welcome', { name: 'Sree Sangha' }) // 'Welcome, Sree Sangha'
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

/**
 * The chosen language, also set on the page (`<html lang>`) for screen readers, hyphenation
 * and the font; the root layout calls it once.
 * @example const locale = useDocumentLanguage();
 */
export function useDocumentLanguage(): Locale {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return locale;
}
