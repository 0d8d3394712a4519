import { defineConfig } from 'vitest/config';

// PGlite's first start of a data directory takes seconds: test/global-setup.ts migrates one
// template per run (a PGlite tarball, or a PostgreSQL template database when
// TEST_DATABASE_URL is set) and every test file clones it.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
