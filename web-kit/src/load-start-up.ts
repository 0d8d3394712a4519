import { loadRuntimeConfig, localeStore, type RuntimeConfig } from '@puja/api-client';

/**
 * What an app needs before its first screen: config.json, read while the language remembered on
 * the device loads (Bengali texts are their own chunk). A language that fails to load leaves
 * English, never a reason not to start; a missing or broken config.json rejects (a
 * RuntimeConfigError) for the app to show its config error page.
 * @example setAppConfig(await loadStartUp('/config.json'))
 */
export async function loadStartUp(configUrl: string): Promise<RuntimeConfig> {
  const restoring = localeStore
    .getState()
    .restoreLocale()
    .catch(() => undefined);
  const config = await loadRuntimeConfig(configUrl);
  await restoring;
  return config;
}
