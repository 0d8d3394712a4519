import type { RuntimeConfig } from '@puja/api-client';

/** Where the registration's tutorial link goes when config.json names no video. */
export const DEFAULT_TUTORIAL_VIDEO_URL =
  'https://www.youtube.com/results?search_query=Durga+Puja+NOC+online+application+tutorial';

let current: RuntimeConfig | null = null;

/** Keeps the runtime config read at start (main.tsx). */
export function setAppConfig(config: RuntimeConfig): void {
  current = config;
}

/** The municipality's name for the printed sheets. */
export function municipalityName(): string {
  return current?.municipality ?? '';
}

/** The tutorial video the registration links to. */
export function tutorialVideoUrl(): string {
  return current?.tutorialVideoUrl ?? DEFAULT_TUTORIAL_VIDEO_URL;
}

/** The club portal's public address for the certificate's QR code: config.json, else this page's. */
export function clubPortalOrigin(): string {
  return current?.clubPortalUrl ?? window.location.origin;
}

/** The puja's first day (YYYY-MM-DD, checked when config.json was read), or null: no clock. */
export function pujaStartDate(): string | null {
  return current?.pujaStartDate ?? null;
}
