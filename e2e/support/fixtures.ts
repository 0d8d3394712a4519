/**
 * The `test` every journey imports: Playwright's, with the stack's addresses, screenshots kept
 * as artifacts, and setup helpers through the real API (./api.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import * as api from './api';
import { ARTIFACTS_DIR } from './paths';
import type { DemoStaffRole } from './accounts';

export { expect };
export { demo, DEMO_PASSWORD } from './accounts';
export { DEMO_PDF, DEMO_PNG } from '@puja/api-server/testing';

export { ARTIFACTS_DIR };

export interface Urls {
  api: string;
  club: string;
  staff: string;
}

function urlsFromEnv(): Urls {
  const { E2E_API_URL, E2E_CLUB_URL, E2E_STAFF_URL } = process.env;
  if (!E2E_API_URL || !E2E_CLUB_URL || !E2E_STAFF_URL) {
    throw new Error('the e2e stack is not running: run the suite through playwright.config.ts');
  }
  return { api: E2E_API_URL, club: E2E_CLUB_URL, staff: E2E_STAFF_URL };
}

interface Fixtures {
  urls: Urls;
  /** A full-page screenshot kept at artifacts/screenshots/<project>/<name>.png. */
  shot: (page: Page, name: string) => Promise<void>;
  /**
   * The accessibility audit of the screen as it is now (axe-core): fails on a serious or critical
   * violation, keeps the report at artifacts/a11y/<project>/<name>.json.
   */
  audit: (page: Page, name: string) => Promise<void>;
  /** api-client calls made as a demo staff user. */
  asStaff: <T>(role: DemoStaffRole, action: () => Promise<T>) => Promise<T>;
  /** A fresh active club (added by the admin) and its id. */
  createClub: (name?: string) => Promise<{ id: number; name: string }>;
  /** A fresh club with a registered account and no application. */
  registerClubAccount: () => Promise<api.ClubAccount>;
}

export const test = base.extend<Fixtures>({
  // The stack picks free ports at start: the base address of each project comes from it.
  baseURL: async ({}, use, testInfo) => {
    const urls = urlsFromEnv();
    await use(testInfo.project.name === 'staff' ? urls.staff : urls.club);
  },
  urls: async ({}, use) => use(urlsFromEnv()),
  shot: async ({}, use, testInfo) => {
    const dir = join(ARTIFACTS_DIR, 'screenshots', testInfo.project.name);
    mkdirSync(dir, { recursive: true });
    await use(async (page, name) => {
      await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
    });
  },
  audit: async ({}, use, testInfo) => {
    await use((page, name) => expectAccessible(page, testInfo, name));
  },
  asStaff: async ({ urls }, use) => use((role, action) => api.asStaff(urls.api, role, action)),
  createClub: async ({ urls }, use) =>
    use(async (name = api.newClubName()) => ({ id: await api.createClub(urls.api, name), name })),
  registerClubAccount: async ({ urls }, use) => use(() => api.registerClubAccount(urls.api)),
});
