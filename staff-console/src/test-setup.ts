import '@testing-library/jest-dom/vitest';
import { loadLaterTexts } from '@puja/domain';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { LOCALE_STORAGE_KEY, localeStore } from '@puja/api-client';
import { useToastStore } from '@puja/web-kit';
import { afterEach } from 'vitest';
import { useOpenedDocumentsStore } from './features/reviews/opened-documents-store';

// A screen's code loads on demand (one chunk per file route), transformed on first use: the
// first test to open it waits longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.removeItem(LOCALE_STORAGE_KEY);
  localeStore.setState({ locale: 'en' });
  useOpenedDocumentsStore.setState({ versions: new Set() });
  useToastStore.setState({ toasts: [] });
  notifications.clean();
});

// jsdom lacks what Mantine measures with.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => undefined;
window.scrollTo = () => undefined;

// The whole English catalogue, as every screen after the login has it.
await loadLaterTexts();
