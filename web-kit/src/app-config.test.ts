import type { RuntimeConfig } from '@puja/api-client';
import { describe, expect, it } from 'vitest';
import { appConfig, municipalityName, setAppConfig } from './app-config';

describe('app config', () => {
  it('keeps the config read at start for the screens, and names the municipality', () => {
    expect(municipalityName()).toBe('');
    const config = { municipality: 'Test Municipality' } as RuntimeConfig;
    setAppConfig(config);
    expect(appConfig()).toBe(config);
    expect(municipalityName()).toBe('Test Municipality');
  });
});
