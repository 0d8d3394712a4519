import { createFileRoute } from '@tanstack/react-router';
import { t, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/unauthorized')({
  component: UnauthorizedPage,
});

/** SPEC §2: a plain page reading "Unauthorized Access" (in the chosen language). */
function UnauthorizedPage() {
  usePageTitle(t('unauthorized.title'));
  return (
    <main id="main">
      <h1>{t('unauthorized.title')}</h1>
    </main>
  );
}
