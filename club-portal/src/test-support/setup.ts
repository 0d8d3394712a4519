import '@testing-library/jest-dom/vitest';
import { loadLaterTexts } from '@puja/domain';
import { cleanup, configure } from '@testing-library/react';
import { configureApi, localeStore } from '@puja/api-client';
import { afterEach } from 'vitest';
import { useToastStore } from '@puja/web-kit';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  localeStore.setState({ locale: 'en' });
  useToastStore.setState({ toasts: [] });
  // Imported here, not at the top: a test file's mock of the api client must apply to it.
  const { useUploadSlots } = await import('../features/documents/upload-slots');
  useUploadSlots.setState({ slots: {}, pages: {} });
});

// jsdom has no scrolling; the router restores scroll positions.
window.scrollTo = () => {};

// Routes load lazily: on a loaded CI machine the first render of a screen can take seconds.
configure({ asyncUtilTimeout: 5000 });

// The app configures the client from config.json at start (main.tsx); the tests, with a test
// host, so document links resolve (issue 27: the club opens its documents).
configureApi({ baseUrl: 'http://api.test/' });

// The club routes read the seasons (GET /list-seasons.php) and the club's earlier seasons
// (POST /my-noc-history.php) beside the club's application: no test host answers them, so they
// answer at once as a host without them does (404: season 2025, no history). Tests that stub
// fetch themselves replace this.
const realFetch = globalThis.fetch;
const UNANSWERED = ['/list-seasons.php', '/my-noc-history.php'];
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  const { pathname } = new URL(url, 'http://localhost/');
  if (UNANSWERED.some((path) => pathname.endsWith(path))) {
    return Promise.resolve(new Response('Not Found', { status: 404 }));
  }
  return realFetch(input, init);
};

// The whole English catalogue, as every screen after the login has it.
await loadLaterTexts();
