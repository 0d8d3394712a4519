import type { RuntimeConfig } from '@puja/api-client';

let current: RuntimeConfig | null = null;

/** Keeps the runtime config read at start (main.tsx). */
export function setAppConfig(config: RuntimeConfig): void {
  current = config;
}

/** The municipality's name for the printed sheets. */
export function municipalityName(): string {
  return current?.municipality ?? '';
}

/** The tutorial video the registration links to (config.json); none: the link is hidden. */
export function tutorialVideoUrl(): string | undefined {
  return current?.tutorialVideoUrl;
}

/** The club portal's public address for the certificate's QR code: config.json, else this page's. */
export function clubPortalOrigin(): string {
  return current?.clubPortalUrl ?? window.location.origin;
}

/** The puja's first day (YYYY-MM-DD, checked when config.json was read), or null: no clock. */
export function pujaStartDate(): string | null {
  return current?.pujaStartDate ?? null;
}
