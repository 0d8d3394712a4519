import type { RuntimeConfig } from '@puja/api-client';

let current: RuntimeConfig | null = null;

/** Keeps the runtime config read at start (each app's main.tsx) for the screens that read it. */
export function setAppConfig(config: RuntimeConfig): void {
  current = config;
}

/** The runtime config read at start, or null before it is set. */
export function appConfig(): RuntimeConfig | null {
  return current;
}

/** The municipality's name from config.json (printed sheets, the certificate). */
export function municipalityName(): string {
  return current?.municipality ?? '';
}
