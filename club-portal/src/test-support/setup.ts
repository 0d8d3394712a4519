import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useToastStore } from '../lib/toast-store';

afterEach(() => {
  cleanup();
  localStorage.clear();
  useToastStore.setState({ toasts: [] });
});

// jsdom has no scrolling; the router restores scroll positions.
window.scrollTo = () => {};
