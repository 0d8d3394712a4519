import { formatMessage } from '@puja/domain';
import { describe, expect, it } from 'vitest';
import { createLocaleStore, LOCALE_STORAGE_KEY } from './locale-store';
import { memoryStorage } from './test-support/memory-storage';
import type { SessionStorage } from './web-storage';

describe('locale store', () => {
  it('starts in English when the device remembers nothing', async () => {
    const store = createLocaleStore(memoryStorage());
    await store.getState().restoreLocale();
    expect(store.getState().locale).toBe('en');
  });

  it('switches to Bengali with its texts loaded, and remembers it on the device', async () => {
    const storage = memoryStorage();
    const store = createLocaleStore(storage);
    await store.getState().chooseLocale('bn');
    expect(store.getState().locale).toBe('bn');
    expect(storage.items.get(LOCALE_STORAGE_KEY)).toBe('bn');
    expect(formatMessage('nav.logout', {}, 'bn')).toBe('লগআউট');
  });

  it('restores the remembered language at start', async () => {
    const store = createLocaleStore(memoryStorage({ [LOCALE_STORAGE_KEY]: 'bn' }));
    expect(store.getState().locale).toBe('en');
    await store.getState().restoreLocale();
    expect(store.getState().locale).toBe('bn');
  });

  it('drops a remembered value that names no language of the portal', async () => {
    const storage = memoryStorage({ [LOCALE_STORAGE_KEY]: 'fr' });
    const store = createLocaleStore(storage);
    await store.getState().restoreLocale();
    expect(store.getState().locale).toBe('en');
    expect(storage.items.has(LOCALE_STORAGE_KEY)).toBe(false);
  });

  it('still switches when the device refuses to store anything', async () => {
    const refusing: SessionStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createLocaleStore(refusing);
    await store.getState().restoreLocale();
    await store.getState().chooseLocale('bn');
    expect(store.getState().locale).toBe('bn');
  });
});
