import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLocale } from '../lib/t';

/** The root: every screen draws its own frame (the staff layout, or a bare page). */
export function RootLayout() {
  const locale = useLocale();
  // The page's language follows the chosen one (screen readers, hyphenation, font choice).
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <Outlet />;
}
