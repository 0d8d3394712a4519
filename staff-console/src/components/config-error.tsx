import type { RuntimeConfigError } from '@puja/api-client';
import { t } from '@puja/web-kit';

/** Shown instead of the app when config.json is missing or invalid (no Mantine yet: plain). */
export function ConfigError({
  error,
  onRetry,
}: {
  error: RuntimeConfigError;
  onRetry: () => void;
}) {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '4rem auto' }}>
      <h1>{t('config.unavailableTitle')}</h1>
      <p>
        {error.reason === 'missing'
          ? t('config.missing')
          : t('config.invalid', { problem: error.problem })}
      </p>
      <button type="button" onClick={onRetry}>
        {t('config.retry')}
      </button>
    </main>
  );
}
