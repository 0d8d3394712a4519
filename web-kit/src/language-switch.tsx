import { localeStore } from '@puja/api-client';
import { LOCALE_NAMES, LOCALES } from '@puja/domain';
import { notify } from './notify';
import { t, useLocale } from './t';
import styles from './language-switch.module.css';

/**
 * English | বাংলা, each name in its own language and script so anyone finds theirs (GIGW 3.0).
 * Switching loads the texts first (Bengali is its own chunk), then every screen re-renders; a
 * language that cannot load says so in a toast. `className` places it on a page's own bar.
 */
export function LanguageSwitch({ className }: { className?: string | undefined }) {
  const locale = useLocale();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={className ? `${styles.switch} ${className}` : styles.switch}
    >
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === locale}
          className={styles.option}
          onClick={() =>
            void localeStore
              .getState()
              .chooseLocale(option)
              .catch(() => notify.error(t('server.error')))
          }
        >
          {LOCALE_NAMES[option]}
        </button>
      ))}
    </div>
  );
}
