import { Outlet } from '@tanstack/react-router';
import { Toaster } from '../components/toaster';
import { t } from '../lib/t';
import { Header } from './-components/header';

/** Every screen: the blue header with its drawer, the page, the toasts. */
export function RootLayout() {
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
