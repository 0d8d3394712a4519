import { t } from '@puja/web-kit';
import { Button } from './components/button';

interface ConfigErrorPageProps {
  reason: 'missing' | 'invalid';
  problem?: string | undefined;
}

/** What a missing or broken config.json shows instead of a blank page. */
export function ConfigErrorPage({ reason, problem }: ConfigErrorPageProps) {
  return (
    <main id="main">
      <h1>{t('config.unavailableTitle')}</h1>
      <p role="alert">
        {reason === 'missing'
          ? t('config.missing')
          : t('config.invalid', { problem: problem ?? '' })}
      </p>
      <Button onClick={() => window.location.reload()}>{t('config.retry')}</Button>
    </main>
  );
}
