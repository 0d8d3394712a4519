import { useEffect } from 'react';
import { Outlet } from '@tanstack/react-router';
import { t, Toaster, useLocale } from '@puja/web-kit';
import { Header } from './-components/header';

/** Every screen: the blue header with its drawer, the page, the toasts. */
export function RootLayout() {
  const locale = useLocale();
  // The page's language follows the chosen one (screen readers, hyphenation, font choice).
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
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
