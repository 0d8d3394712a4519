import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { currentSession } from '@puja/api-client';
import { PageLoader } from './components/page-loader';
import { routeTree } from './routeTree.gen';

/** The console's router over the file routes (src/routes); tests pass a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { session: currentSession, queryClient },
    ...(history ? { history } : {}),
    defaultPendingComponent: PageLoader,
    defaultPendingMs: 150,
    // Screens (and their data) start loading when a link is hovered or focused; the query cache,
    // not the router, decides whether an answer is still fresh.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
