import { currentSession } from '@puja/api-client';
import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { Spinner } from './components/spinner';
import { forgetClubDataOnSessionEnd } from './features/documents/forget-on-session-end';
import type { RouterContext } from './lib/router-context';
import { ErrorPage, NotFoundPage } from './routes/-components/error-page';
import { routeTree } from './routeTree.gen';

/** The portal's router over the generated route tree; tests pass a memory history. */
export function createAppRouter(history: RouterHistory = createBrowserHistory()) {
  const router = createRouter({
    routeTree,
    history,
    context: { session: currentSession } satisfies RouterContext,
    defaultPendingComponent: Spinner,
    // A failed or unknown page shows inside the layout, header and drawer included.
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingMs: 300,
    defaultPreload: 'intent',
  });
  forgetClubDataOnSessionEnd(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
