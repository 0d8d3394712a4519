import { RuntimeConfigError, setUnauthorizedHandler } from '@puja/api-client';
import { loginSearchFor } from '@puja/domain';
import { loadStartUp } from '@puja/web-kit';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigErrorPage } from './config-error-page';
import './global.css';
import { setAppConfig } from './lib/app-config';
import { createAppRouter } from './router';

const root = createRoot(document.getElementById('root')!);

/**
 * Reads config.json once (next to index.html, whatever the route) while the language remembered
 * on the device loads (Bengali texts are their own chunk), then starts the app.
 */
async function start(): Promise<void> {
  try {
    setAppConfig(await loadStartUp(`${import.meta.env.BASE_URL}config.json`));
  } catch (error) {
    const problem = error instanceof RuntimeConfigError ? error : null;
    root.render(
      <ConfigErrorPage reason={problem?.reason ?? 'missing'} problem={problem?.problem} />,
    );
    return;
  }
  const router = createAppRouter();
  // SPEC §6: a 401 has already cleared the session; back to the club login, then to this page.
  setUnauthorizedHandler(
    () =>
      void router.navigate({ to: '/login', search: loginSearchFor(router.state.location.href) }),
  );
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
