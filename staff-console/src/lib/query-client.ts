import { QueryClient, focusManager } from '@tanstack/react-query';

/**
 * The console's one cache of server data (decision 0027). A failed call shows its error at once
 * (no silent retries, offline too), a query opened again within two seconds of its answer is not
 * asked again, and the window regaining focus (or the tab becoming visible) revalidates what is
 * stale.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, networkMode: 'always', staleTime: 2_000 },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

// The window's focus as well as the tab's visibility: a reviewer coming back from the club's
// PDF in another window sees the list as it is now.
focusManager.setEventListener((handleFocus) => {
  if (typeof window === 'undefined') return undefined;
  const onFocus = () => handleFocus(true);
  const onVisible = () => handleFocus(document.visibilityState === 'visible');
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
  };
});
