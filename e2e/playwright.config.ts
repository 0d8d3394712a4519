import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (see ../shared/STACK.md).
export default defineConfig({
  testDir: './tests',
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
