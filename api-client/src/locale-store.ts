/**
 * The language both apps show (issue 13): remembered on the device under the key `locale`,
 * sent to the server as `Accept-Language` on every call. A language is switched to only once
 * its texts are loaded (Bengali is a separate chunk), so no screen shows a half-loaded language.
 */
import { DEFAULT_LOCALE, isLocale, loadCatalogue, type Locale } from '@puja/domain';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { attempt, browserStorage, type SessionStorage } from './web-storage';

/** The localStorage key of the chosen language. */
export const LOCALE_STORAGE_KEY = 'locale';

export interface LocaleState {
  /** The language every text is shown in; its catalogue is loaded. */
  locale: Locale;
  /** Loads the language's texts, then switches to it and remembers the choice on the device. */
  chooseLocale: (locale: Locale) => Promise<void>;
  /** Switches to the language remembered on the device, if any (call once at start). */
  restoreLocale: () => Promise<void>;
}

/**
 * A language store persisted in `storage` (none: memory only).
 * @example await createLocaleStore(window.localStorage).getState().chooseLocale('bn')
 */
export function createLocaleStore(storage: SessionStorage | null): StoreApi<LocaleState> {
  return createStore<LocaleState>()((set, get) => ({
    locale: DEFAULT_LOCALE,
    chooseLocale: async (locale) => {
      await loadCatalogue(locale);
      attempt(() => storage?.setItem(LOCALE_STORAGE_KEY, locale));
      set({ locale });
    },
    restoreLocale: async () => {
      const stored = attempt(() => storage?.getItem(LOCALE_STORAGE_KEY) ?? null);
      if (isLocale(stored)) await get().chooseLocale(stored);
      else if (stored !== null && stored !== undefined)
        attempt(() => storage?.removeItem(LOCALE_STORAGE_KEY));
    },
  }));
}

/**
 * The shared language store; in React: `useStore(localeStore, (s) => s.locale)` from zustand.
 */
export const localeStore = createLocaleStore(browserStorage());

/** The language in force. */
export function currentLocale(): Locale {
  return localeStore.getState().locale;
}
