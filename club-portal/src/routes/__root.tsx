import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { t, Toaster, useDocumentLanguage } from '@puja/web-kit';
import type { RouterContext } from '../router';
import { Header } from './-components/header';

/**
 * Every screen: the blue header with its drawer, the page, the toasts. A failed or unknown page
 * shows inside it (the router's default error and not-found pages, router.tsx).
 */
export const Route = createRootRouteWithContext<RouterContext>()({ component: ClubLayout });

function ClubLayout() {
  useDocumentLanguage();
  return (
    <>
      <a href="#main" className="visually-hidden">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <Outlet />
      <Toaster closeLabel={t('app.close')} />
    </>
  );
}
