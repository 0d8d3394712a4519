import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useToastStore } from '@puja/web-kit';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const Toasts = lazy(() =>
  import('./components/toasts').then((module) => ({ default: module.Toasts })),
);

/**
 * The toasts' container (with Mantine's transitions and scroll lock) loads with the first toast,
 * not with the login (size budget of /admin/login): a toast waits in the web kit's store, which
 * is in the entry, until the container arrives and shows it.
 */
function OnDemandToasts() {
  const waiting = useToastStore((state) => state.toasts.length > 0);
  const [wanted, setWanted] = useState(false);
  if (!wanted && waiting) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Mantine, the toasts, the server-data cache and the router. */
export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <OnDemandToasts />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
