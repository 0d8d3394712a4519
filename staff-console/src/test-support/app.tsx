import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { configureApi } from '@puja/api-client';
import { Toasts } from '../components/toasts';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';
import { cssVariablesResolver, theme } from '../theme';

/**
 * The whole console at a URL, on a memory history and an empty cache of its own; returns the
 * router to read the URL.
 */
export function renderApp(url: string) {
  configureApi({ baseUrl: 'http://api.test/' });
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <Toasts />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
