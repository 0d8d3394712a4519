import { defineConfig } from '@playwright/test';

/**
 * Measurements of the club's journey in Chromium (`pnpm --filter @puja/club-portal bench:uploads`,
 * part of `pnpm bench`): each *.bench.ts starts what it measures and prints its figures. Not part
 * of the test run; one worker, so nothing else shares the two cores while it measures.
 */
export default defineConfig({
  testDir: './bench',
  testMatch: /\.bench\.ts$/,
  outputDir: './artifacts/bench-results',
  workers: 1,
  timeout: 20 * 60_000,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    },
  },
});
