import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorPage, NotFoundPage } from '../components/error-page';
import type { RouterContext } from '../lib/router-context';
import { laterTextsFor, useLocale } from '@puja/web-kit';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The login's texts come with the first load; every other screen waits for the rest.
  beforeLoad: ({ location }) => laterTextsFor(location.pathname, '/admin/login'),
  component: RootLayout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});

/** The root: every screen draws its own frame (the staff layout, or a bare page). */
function RootLayout() {
  const locale = useLocale();
  // The page's language follows the chosen one (screen readers, hyphenation, font choice).
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <Outlet />;
}
