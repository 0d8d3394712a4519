import { localeStore } from '@puja/api-client';
import { LOCALE_NAMES, LOCALES } from '@puja/domain';
import { notify } from './notify';
import { t, useLocale } from './t';
import styles from './language-switch.module.css';

/**
 * English | বাংলা, each name in its own language and script so anyone finds theirs (GIGW 3.0).
 * Switching loads the texts first (Bengali is its own chunk), then every screen re-renders; a
 * language that cannot load says so in a toast. `className` places it on a page's own bar;
 * `tone` says what it sits on: the club's blue header (white outline) or a light panel (blue).
 */
export function LanguageSwitch({
  className,
  tone = 'on-blue',
}: {
  className?: string | undefined;
  /** The background it sits on: `on-blue` (club header, default) or `on-light` (staff panels). */
  tone?: 'on-blue' | 'on-light';
}) {
  const locale = useLocale();
  const classes = [styles.switch, tone === 'on-light' ? styles.onLight : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div role="group" aria-label={t('language.label')} className={classes}>
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
              .catch(() => notify.error(() => t('server.error')))
          }
        >
          {LOCALE_NAMES[option]}
        </button>
      ))}
    </div>
  );
}
