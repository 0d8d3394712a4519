import { defineConfig } from '@playwright/test';

/**
 * The staff console at scale (`pnpm --filter @puja/staff-console scale`): a server seeded with
 * thousands of applications, measured in Chromium with performance marks. It prints figures;
 * it is a measurement, not part of the test run.
 */
export default defineConfig({
  testDir: './scale',
  outputDir: './artifacts/scale-results',
  globalSetup: './scale/scale-setup.ts',
  workers: 1,
  timeout: 240_000,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    // The measuring code runs small functions built in the page; the app's CSP forbids eval.
    bypassCSP: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    },
  },
});
