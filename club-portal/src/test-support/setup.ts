import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { localeStore } from '@puja/api-client';
import { afterEach } from 'vitest';
import { useToastStore } from '@puja/web-kit';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  localeStore.setState({ locale: 'en' });
  useToastStore.setState({ toasts: [] });
  // Imported here, not at the top: a test file's mock of the api client must apply to it.
  const { useUploadSlots } = await import('../features/apply/upload-slots');
  useUploadSlots.setState({ slots: {} });
});

// jsdom has no scrolling; the router restores scroll positions.
window.scrollTo = () => {};

// Routes load lazily: on a loaded CI machine the first render of a screen can take seconds.
configure({ asyncUtilTimeout: 5000 });

// The club routes read the seasons (GET /list-seasons.php) beside the club's application: no
// test host answers it, so it answers at once as a host without seasons does (404: season
// 2025). Tests that stub fetch themselves replace this.
const realFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  if (new URL(url, 'http://localhost/').pathname.endsWith('/list-seasons.php')) {
    return Promise.resolve(new Response('Not Found', { status: 404 }));
  }
  return realFetch(input, init);
};
