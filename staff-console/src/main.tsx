import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RuntimeConfigError, setUnauthorizedHandler } from '@puja/api-client';
import { loginSearchFor } from '@puja/domain';
import { configureToasts, loadStartUp } from '@puja/web-kit';
import { App } from './app';
import { ConfigError } from './components/config-error';
import { setAppConfig } from './lib/app-config';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';

const root = createRoot(document.getElementById('root')!);
// The console's toasts close sooner than the club portal's: staff act on many in a row.
configureToasts({ success: 3000, error: 5000 });
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

/**
 * Reads config.json while the language remembered on the device loads (Bengali texts are their
 * own chunk), then starts the console.
 */
async function start(): Promise<void> {
  try {
    // Absolute: the console's paths are nested (/admin/noc-applications/7).
    setAppConfig(await loadStartUp('/config.json'));
  } catch (error) {
    if (!(error instanceof RuntimeConfigError)) throw error;
    root.render(<ConfigError error={error} onRetry={() => void start()} />);
    return;
  }
  // SPEC §6: a 401 ends the session (api-client cleared it); staff go back to their login (and
  // after it to this page), and what the cache held for them is forgotten.
  setUnauthorizedHandler(() => {
    queryClient.clear();
    void router.navigate({
      to: '/admin/login',
      search: loginSearchFor(router.state.location.href),
    });
  });
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
