import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { configureApi } from '@puja/api-client';
import { createAppRouter } from '../router';
import { cssVariablesResolver, theme } from '../theme';

/** The whole console at a URL, on a memory history; returns the router to read the URL. */
export function renderApp(url: string) {
  configureApi({ baseUrl: 'http://api.test/' });
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}
