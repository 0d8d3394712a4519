import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The whole English catalogue, loaded (domain/src/messages.ts loadLaterTexts).
    setupFiles: ['test/setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The contract suite starts the real server (PGlite initdb takes several seconds).
    hookTimeout: 120_000,
    testTimeout: 30_000,
    unstubGlobals: true,
    // Tests run in a random order (the seed is printed): none may depend on another.
    sequence: { shuffle: true },
  },
});
