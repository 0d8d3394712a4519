import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { laterTextsFor, t, Toaster, useDocumentLanguage } from '@puja/web-kit';
import { lazy, Suspense } from 'react';
import type { RouterContext } from '../lib/router-context';
import { Header } from './-components/header';

// The footer (the municipality's contact) comes after the page: /login's first load stays in
// its budget (110 KB gz).
const Footer = lazy(() => import('./-components/footer'));

/**
 * Every screen: the blue header with its drawer, the page, the footer, the toasts. A failed or unknown page
 * shows inside it (the router's default error and not-found pages, router.tsx).
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  // The login's texts come with the first load; every other screen waits for the rest.
  beforeLoad: ({ location }) => laterTextsFor(location.pathname, '/login'),
  component: ClubLayout,
});

function ClubLayout() {
  useDocumentLanguage();
  return (
    <>
      <a href="#main" className="visually-hidden">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <Outlet />
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Toaster closeLabel={t('app.close')} />
    </>
  );
}
