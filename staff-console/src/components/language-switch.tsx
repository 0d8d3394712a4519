import { Button } from '@mantine/core';
import { localeStore } from '@puja/api-client';
import { LOCALE_NAMES, LOCALES } from '@puja/domain';
import { t, useLocale } from '../lib/t';

/**
 * English | বাংলা, each name in its own language and script so anyone finds theirs (GIGW 3.0).
 * Switching loads the texts first (Bengali is its own chunk), then every screen re-renders.
 */
export function LanguageSwitch() {
  const locale = useLocale();
  return (
    <Button.Group aria-label={t('language.label')}>
      {LOCALES.map((option) => (
        <Button
          key={option}
          size="compact-sm"
          lang={option}
          aria-pressed={option === locale}
          variant={option === locale ? 'filled' : 'default'}
          onClick={() =>
            void localeStore
              .getState()
              .chooseLocale(option)
              .catch((error: unknown) => console.error(error))
          }
        >
          {LOCALE_NAMES[option]}
        </Button>
      ))}
    </Button.Group>
  );
}
