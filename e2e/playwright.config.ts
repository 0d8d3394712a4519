import { defineConfig, devices } from '@playwright/test';

const ci = process.env.CI === 'true' || process.env.CI === '1';

// Debian's Chromium, never a downloaded browser (see ../shared/STACK.md).
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * One stack (API + both production builds) for the whole run, started by global-setup. Journeys
 * are named for who does what: club-*.spec.ts on a phone, staff-*.spec.ts at a desk,
 * lifecycle-*.spec.ts with both side by side.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  globalSetup: './support/global-setup.ts',
  // Two cores: two workers at most; journeys never share data, so order does not matter.
  workers: ci ? 2 : undefined,
  fullyParallel: true,
  forbidOnly: ci,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: ci
    ? [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]]
    : [['list']],
  use: {
    launchOptions,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The longest journeys first (departments about 2 minutes, a season about 2): the two
  // workers then finish together instead of one running a long journey alone at the end.
  projects: [
    {
      // Issue 29: one application through every department, on a stack of its own.
      name: 'departments',
      testMatch: /tests\/departments\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      // Issue 30: a late step reaches the officer above (holidays, due date, sweep, digest), and
      // a refused club is heard (appeal, allowed, issued); its own stack.
      name: 'due-dates',
      testMatch: /tests\/due-dates\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'lifecycle',
      testMatch: /tests\/lifecycle-[^/]*\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'club',
      testMatch: /tests\/club-[^/]*\.spec\.ts$/,
      use: { ...devices['Pixel 5'], viewport: { width: 360, height: 800 }, launchOptions },
    },
    {
      name: 'staff',
      testMatch: /tests\/staff-[^/]*\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
});
