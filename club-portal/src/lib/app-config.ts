import type { RuntimeConfig } from '@puja/api-client';
import type { MunicipalityContact } from '@puja/domain';

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

/** The municipality and how clubs reach it (config.json `contact`; issue 27). */
export function municipalityContact(): MunicipalityContact {
  return current?.contact ?? { name: municipalityName() };
}
