import { loadLaterTexts } from '@puja/domain';

/**
 * For an app's root `beforeLoad` (issue 28): the login page shows at once (its texts are in the
 * first load) and starts loading the later screens' texts in the background; every other screen
 * waits for them, so it never shows a key instead of its text.
 * @example beforeLoad: ({ location }) => laterTextsFor(location.pathname, '/admin/login')
 */
export function laterTextsFor(pathname: string, loginPath: string): Promise<void> | undefined {
  const ready = loadLaterTexts();
  return pathname === loginPath ? undefined : ready;
}
