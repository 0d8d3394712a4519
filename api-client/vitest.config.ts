import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The whole English catalogue, loaded (domain/src/messages.ts loadLaterTexts).
    setupFiles: ['test/setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Vitest's default in a run is one worker fewer than the cores: one on CI's two cores.
    // Two: the staff console's suite took 162 s instead of 253 s on a quiet machine.
    maxWorkers: 2,
    // The contract suite starts the real server (PGlite initdb takes several seconds).
    hookTimeout: 120_000,
    testTimeout: 30_000,
    unstubGlobals: true,
    // Tests run in a random order (the seed is printed): none may depend on another.
    sequence: { shuffle: true },
  },
});
