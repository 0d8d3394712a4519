import { LOCALE_STORAGE_KEY, localeStore, RuntimeConfigError } from '@puja/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadStartUp } from './load-start-up';

const CONFIG = { apiBaseUrl: 'https://api.example.org', municipality: 'Demo Municipality' };

function serve(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('loadStartUp', () => {
  it('reads config.json and restores the language remembered on the device', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'bn');
    serve(Response.json(CONFIG));
    const config = await loadStartUp('/config.json');
    expect(config.municipality).toBe('Demo Municipality');
    expect(localeStore.getState().locale).toBe('bn');
  });

  it('rejects with a RuntimeConfigError when config.json is missing', async () => {
    serve(new Response('not found', { status: 404 }));
    await expect(loadStartUp('/config.json')).rejects.toBeInstanceOf(RuntimeConfigError);
  });
});
