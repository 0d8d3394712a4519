import { t, useLocale } from '@puja/web-kit';

/** SPEC §2: a plain page reading "Unauthorized Access". */
export function UnauthorizedPage() {
  useLocale();
  return (
    <main id="main">
      <h1>{t('unauthorized.title')}</h1>
    </main>
  );
}
