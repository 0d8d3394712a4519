import { appConfig } from '@puja/web-kit';

export { municipalityName, setAppConfig } from '@puja/web-kit';

/** The club portal's public address (config.json `clubPortalUrl`): the certificate's QR code. */
export function clubPortalUrl(): string | null {
  return appConfig()?.clubPortalUrl ?? null;
}
