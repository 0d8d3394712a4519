import { useEffect } from 'react';
import { currentLocale, localeStore } from '@puja/api-client';
import {
  formatMessage,
  isMessageKey,
  localiseDigits,
  type Locale,
  type MessageKey,
} from '@puja/domain';
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

/** Numbers written in the chosen language's digits; a missing value stays missing. */
export interface LocalDigits {
  (value: string | number): string;
  (value: string | number | null): string | null;
}

/**
 * Numbers that are text (a year, an application or memo number) in the chosen language's
 * digits: one digit system per screen (issue 22). Renders again when the language changes.
 * @example const digits = useDigits(); digits(2025) // '২০২৫' in বাংলা
 */
export function useDigits(): LocalDigits {
  const locale = useLocale();
  return ((value: string | number | null) =>
    value === null ? null : localiseDigits(String(value), locale)) as LocalDigits;
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
