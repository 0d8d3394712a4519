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

/** The club portal's public address (config.json `clubPortalUrl`): the certificate's QR code. */
export function clubPortalUrl(): string | null {
  return current?.clubPortalUrl ?? null;
}
