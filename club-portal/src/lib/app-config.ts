import { appConfig, municipalityName } from '@puja/web-kit';
import type { MunicipalityContact } from '@puja/domain';

export { municipalityName, setAppConfig } from '@puja/web-kit';

/** The tutorial video the registration links to (config.json); none: the link is hidden. */
export function tutorialVideoUrl(): string | undefined {
  return appConfig()?.tutorialVideoUrl;
}

/** The club portal's public address for the certificate's QR code: config.json, else this page's. */
export function clubPortalOrigin(): string {
  return appConfig()?.clubPortalUrl ?? window.location.origin;
}

/** The puja's first day (YYYY-MM-DD, checked when config.json was read), or null: no clock. */
export function pujaStartDate(): string | null {
  return appConfig()?.pujaStartDate ?? null;
}

/** The municipality and how clubs reach it (config.json `contact`; issue 27). */
export function municipalityContact(): MunicipalityContact {
  return appConfig()?.contact ?? { name: municipalityName() };
}
