import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { theme } from './theme';

/** Mantine, the toasts and the router. */
export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="bottom-right" />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
