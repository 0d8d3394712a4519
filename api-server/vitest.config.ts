import { defineConfig } from 'vitest/config';

// PGlite's first start of a data directory takes seconds: test/global-setup.ts migrates one
// template per run (a PGlite data directory, or a PostgreSQL template database when
// TEST_DATABASE_URL is set) and every test file clones it.
// `*.pg.test.ts` need a real PostgreSQL (several instances on one database): they belong to
// the PostgreSQL pass only, not to the PGlite one.
const postgres = Boolean(process.env.TEST_DATABASE_URL);
// These start the real server as a process of its own on the embedded database whatever the
// pass (crash safety, mail after a crash, upload memory, file modes): the PGlite pass runs them;
// in the PostgreSQL pass they would run again unchanged (four minutes of CI for nothing).
const EMBEDDED_ONLY = [
  'test/crash.test.ts',
  'test/mail-crash.test.ts',
  'test/uploads.test.ts',
  'test/file-modes.test.ts',
];

export default defineConfig({
  test: {
    // The whole English catalogue, loaded (domain/src/messages.ts loadLaterTexts).
    setupFiles: ['test/setup.ts'],
    include: ['test/**/*.test.ts'],
    exclude: postgres ? EMBEDDED_ONLY : ['test/**/*.pg.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Generous: on a loaded two-core machine cloning a PGlite template and starting the server
    // have taken over a minute; a real hang still fails.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
