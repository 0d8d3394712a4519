import type { RuntimeConfig } from '@puja/api-client';

let current: RuntimeConfig | null = null;

/** Keeps the runtime config read at start (main.tsx). */
export function setAppConfig(config: RuntimeConfig): void {
  current = config;
}

/** The municipality's name from config.json (printed on the certificate). */
export function municipalityName(): string {
  return current?.municipality ?? '';
}
