import '@testing-library/jest-dom/vitest';
import { loadLaterTexts } from '@puja/domain';
import { localeStore, sessionStore } from '@puja/api-client';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useToastStore } from './toast-store';

afterEach(() => {
  cleanup();
  localStorage.clear();
  localeStore.setState({ locale: 'en' });
  sessionStore.getState().clearSession();
  useToastStore.setState({ toasts: [] });
});

// The whole English catalogue, as every screen after the login has it.
await loadLaterTexts();
